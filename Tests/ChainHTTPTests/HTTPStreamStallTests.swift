import ChainHTTP
import ChainTestSupport
import Foundation
import Testing

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

    @Test func theSocketTellsWhatItsClientAcknowledgedAndWhatItStillHolds() throws {
        let connection = try LoopbackConnection()
        #expect(connection.serverWrites(1_000) == 1_000)
        var read = 0
        let deadline = ContinuousClock.now + .seconds(2)
        while read < 1_000, ContinuousClock.now < deadline {
            read += connection.clientReads(upTo: 1_000 - read)
        }
        try #require(read == 1_000)
        usleep(20_000)  // the last acknowledgement's way back, on loopback

        let state = try #require(SocketSendState(of: connection.serverSide))
        #expect((1_000...1_001).contains(state.acknowledged), "tcpi_bytes_acked, read at its offset in tcp_info")
        #expect(state.queued == 0)
    }

    /// A stream that libmicrohttpd has taken everything from (nothing waits in it), whose
    /// socket holds what its client's 4 KiB window has no room for.
    private static func streamWithAFullSocket() throws -> (LoopbackConnection, HTTPStream) {
        let connection = try LoopbackConnection(clientReceiveBuffer: 4_096)
        let stream = HTTPStream()
        stream.attach(nil, descriptor: connection.serverSide)
        connection.serverWrites(256 * 1_024)
        usleep(50_000)
        let state = try #require(SocketSendState(of: connection.serverSide))
        try #require(state.queued > 0)
        return (connection, stream)
    }

    @Test func bytesTheClientDoesNotAcknowledgeCutTheStream() throws {
        let (connection, stream) = try Self.streamWithAFullSocket()
        let start = ContinuousClock.now
        #expect(!stream.cutIfStalled(after: Self.limit, now: start))
        #expect(!stream.cutIfStalled(after: Self.limit, now: start + .seconds(1)))
        #expect(stream.cutIfStalled(after: Self.limit, now: start + Self.limit))
        #expect(connection.serverSideIsShutDown)
    }

    @Test func aClientThatReadsWhatTheSocketHoldsIsNotCut() throws {
        let (connection, stream) = try Self.streamWithAFullSocket()
        let start = ContinuousClock.now
        #expect(!stream.cutIfStalled(after: Self.limit, now: start))

        // Nothing taken from the stream meanwhile (it holds nothing); the client reads, and
        // its TCP acknowledges.
        for second in 1...4 {
            let before = Self.acknowledged(connection)
            #expect(connection.clientReads(upTo: 8_192) > 0)
            // The client's TCP acknowledges what its reading made room for, after its
            // delayed-acknowledgement wait (up to 200 ms on Linux).
            let deadline = ContinuousClock.now + .seconds(2)
            while Self.acknowledged(connection) == before, ContinuousClock.now < deadline {
                usleep(5_000)
            }
            #expect(Self.acknowledged(connection) > before)
            #expect(!stream.cutIfStalled(after: Self.limit, now: start + .seconds(second * 2)))
        }
        #expect(!connection.serverSideIsShutDown)
    }

    private static func acknowledged(_ connection: LoopbackConnection) -> UInt64 {
        let acknowledged = SocketSendState(of: connection.serverSide)?.acknowledged ?? 0
        return acknowledged
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
