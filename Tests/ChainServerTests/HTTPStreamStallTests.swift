import Foundation
import Testing

@testable import ChainServer

/// A stream's client that stops reading loses its connection: libmicrohttpd takes a stream's
/// bytes only as the socket drains, so bytes waiting untaken for long mean the client is not
/// reading, and a cut stream's socket is shut down so libmicrohttpd lets the connection go.
@Suite("HTTPStream stalls")
struct HTTPStreamStallTests {
    private static let limit = Duration.seconds(2)

    @Test func bytesWaitingUntakenForTheLimitCutTheStreamAndShutItsSocket() throws {
        let connection = try LoopbackConnection()
        let stream = HTTPStream()
        stream.attach(nil, descriptor: connection.serverSide)
        #expect(stream.send(Array(": keep-alive\n\n".utf8)))
        let start = ContinuousClock.now

        #expect(!stream.cutIfStalled(after: Self.limit, now: start), "the first look only starts the clock")
        #expect(!stream.cutIfStalled(after: Self.limit, now: start + .seconds(1)))
        #expect(!connection.serverSideIsShutDown)
        #expect(stream.cutIfStalled(after: Self.limit, now: start + Self.limit))

        #expect(connection.serverSideIsShutDown)
        #expect(!stream.send(Array("x".utf8)), "a cut stream takes nothing more")
        #expect(!stream.cutIfStalled(after: Self.limit, now: start + .seconds(10)), "it is cut once")
    }

    @Test func aFinishedStreamWhoseLastBytesWaitIsCutToo() throws {
        let connection = try LoopbackConnection()
        let stream = HTTPStream()
        stream.attach(nil, descriptor: connection.serverSide)
        #expect(stream.send(Array("event: ended\n\n".utf8)))
        stream.finish()
        let start = ContinuousClock.now
        #expect(!stream.cutIfStalled(after: Self.limit, now: start))
        #expect(stream.cutIfStalled(after: Self.limit, now: start + Self.limit))
        #expect(connection.serverSideIsShutDown)
    }

    @Test func aStreamWhoseClientTakesBytesIsNotCut() throws {
        let connection = try LoopbackConnection()
        let stream = HTTPStream()
        stream.attach(nil, descriptor: connection.serverSide)
        let start = ContinuousClock.now
        #expect(stream.send(Array(repeating: UInt8(ascii: "a"), count: 100)))
        #expect(!stream.cutIfStalled(after: Self.limit, now: start))

        // A slow reader: some of it taken between looks, and more queued meanwhile.
        var buffer = [UInt8](repeating: 0, count: 10)
        for second in 1...5 {
            #expect(buffer.withUnsafeMutableBytes { stream.read(into: $0.baseAddress!, capacity: $0.count) } == 10)
            #expect(stream.send(Array("b".utf8)))
            #expect(!stream.cutIfStalled(after: Self.limit, now: start + .seconds(second * 2)))
        }
        #expect(!connection.serverSideIsShutDown)
    }

    @Test func anIdleStreamWithNothingWaitingIsNotCut() throws {
        let connection = try LoopbackConnection()
        let stream = HTTPStream()
        stream.attach(nil, descriptor: connection.serverSide)
        let start = ContinuousClock.now
        for minute in 0...10 {
            #expect(!stream.cutIfStalled(after: Self.limit, now: start + .seconds(minute * 60)))
        }
        #expect(stream.send(Array("x".utf8)), "bytes queued after a long quiet start a fresh clock")
        #expect(!stream.cutIfStalled(after: Self.limit, now: start + .seconds(601)))
        #expect(!connection.serverSideIsShutDown)
    }

    @Test func aStreamCutForItsBacklogShutsItsSocket() throws {
        let connection = try LoopbackConnection()
        let stream = HTTPStream(maxPendingBytes: 64)
        stream.attach(nil, descriptor: connection.serverSide)
        #expect(stream.send(Array(repeating: 0, count: 60)))
        #expect(!connection.serverSideIsShutDown)

        #expect(!stream.send(Array(repeating: 0, count: 10)), "past its limit, the stream is cut")
        #expect(connection.serverSideIsShutDown)
    }
}
