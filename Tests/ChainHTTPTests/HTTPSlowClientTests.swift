import ChainHTTP
import ChainTestSupport
import Foundation
import Testing

/// Slow clients against a real server: heads and bodies held to their deadlines however they
/// trickle, and a full connection table making room by closing an incomplete connection
/// (the address holding the most first, then the oldest) instead of turning complete
/// requests away.
@Suite("Slow clients, live")
struct HTTPSlowClientTests {
    private let clock = ContinuousClock()

    /// Sends `step`, then waits one read timeout of `connection` for it to close, over and
    /// over until it closes or `limit` passes; returns how long it lasted, or nil if it was
    /// never closed.
    private func trickle(_ connection: RawHTTPConnection, _ step: String, for limit: Duration) -> Duration? {
        let started = clock.now
        while clock.now - started < limit {
            do { try connection.send(step) } catch { return clock.now - started }
            if connection.waitForClose() { return clock.now - started }
        }
        return nil
    }

    @Test func aTrickledHeadIsClosedAtTheHeadDeadlineThoughEveryByteResetsTheIdleTimeout() throws {
        let handler = RecordingHandler()
        let server = try handler.startServer {
            $0.headTimeoutSeconds = 1
            $0.connectionTimeoutSeconds = 30
        }
        defer { server.shutdown(timeout: .seconds(1)) }
        let slow = try RawHTTPConnection(port: server.port, timeout: .milliseconds(200))
        try slow.send("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n")

        let lasted = trickle(slow, "X-Trickle: 1\r\n", for: .seconds(6))

        let closedAfter = try #require(lasted, "a head trickled for 6 s was never closed")
        #expect(closedAfter >= .milliseconds(700))
        #expect(closedAfter < .seconds(3))
        #expect(handler.requests.isEmpty)
        #expect(server.connectionCounts.cut == 1)
    }

    @Test func anIdleKeepAliveConnectionIsClosedAfterTheHeadTimeout() throws {
        let server = try RecordingHandler().startServer {
            $0.headTimeoutSeconds = 1
            $0.connectionTimeoutSeconds = 30
        }
        defer { server.shutdown(timeout: .seconds(1)) }
        let connection = try RawHTTPConnection(port: server.port, timeout: .seconds(4))
        #expect(try connection.request("GET", "/first").status == 200)
        let started = clock.now

        #expect(connection.waitForClose())
        let waited = clock.now - started
        #expect(waited >= .milliseconds(700))
        #expect(waited < .seconds(3))
    }

    @Test func aBodyFallingBehindTheMinimumRateIsClosedAndNeverDispatched() throws {
        let handler = RecordingHandler()
        let server = try handler.startServer {
            $0.headTimeoutSeconds = 1
            $0.minBodyBytesPerSecond = 1000
        }
        defer { server.shutdown(timeout: .seconds(1)) }
        let slow = try RawHTTPConnection(port: server.port, timeout: .milliseconds(200))
        try slow.send(RawHTTPConnection.requestHead("POST", "/upload", bodyLength: 100_000))

        let lasted = trickle(slow, String(repeating: "x", count: 10), for: .seconds(6))

        // One grace period (the head timeout), then 1,000 bytes a second are owed: 50 a second
        // falls behind at once.
        let closedAfter = try #require(lasted, "a body sent at 50 bytes a second was never closed")
        #expect(closedAfter >= .milliseconds(700))
        #expect(closedAfter < .seconds(3))
        #expect(handler.requests.isEmpty)
    }

    @Test func aSlowBodyAboveTheMinimumRateIsServed() throws {
        let handler = RecordingHandler()
        let server = try handler.startServer {
            $0.headTimeoutSeconds = 1
            $0.minBodyBytesPerSecond = 100
        }
        defer { server.shutdown(timeout: .seconds(1)) }
        let connection = try RawHTTPConnection(port: server.port, timeout: .seconds(5))
        try connection.send(RawHTTPConnection.requestHead("POST", "/upload", bodyLength: 600))
        for _ in 0..<6 {
            try connection.send(String(repeating: "y", count: 100))
            Thread.sleep(forTimeInterval: 0.3)  // 1.8 s in all: past the grace, above 100 B/s
        }

        let response = try connection.readResponse()

        #expect(response.status == 200)
        #expect(response.body.count == 600)
        #expect(handler.requests.count == 1)
    }

    @Test func aFullTableClosesTheOldestIncompleteConnectionForANewOne() throws {
        let handler = RecordingHandler()
        let server = try handler.startServer {
            $0.connectionLimit = 3
            $0.perIPConnectionLimit = 3
        }
        defer { server.shutdown(timeout: .seconds(1)) }
        let slow = try openHalfHeads(3, on: server)

        let complete = try RawHTTPConnection(port: server.port, timeout: .seconds(5))
        let response = try complete.request("GET", "/complete")

        #expect(response.status == 200)
        #expect(slow[0].waitForClose(), "the oldest incomplete connection made room")
        #expect(!slow[1].waitForClose())
        #expect(!slow[2].waitForClose())
        #expect(server.connectionCounts.cut == 1)
        #expect(handler.requests.map(\.path) == ["/complete"])
    }

    @Test func aFullTableOfBusyConnectionsRefusesANewOneUntilOneIsAnswered() throws {
        let gate = Gate()
        let handler = RecordingHandler.answeringFinished { _ = gate.wait(timeout: .seconds(10)) }
        let server = try handler.startServer {
            $0.connectionLimit = 2
            $0.perIPConnectionLimit = 2
        }
        defer { server.shutdown(timeout: .seconds(1)) }
        var busy: [RawHTTPConnection] = []
        for index in 0..<2 {
            let connection = try RawHTTPConnection(port: server.port, timeout: .seconds(5))
            try connection.send(RawHTTPConnection.requestHead("GET", "/busy-\(index)"))
            busy.append(connection)
        }
        try waitUntil { handler.requests.count == 2 }

        let refused = try RawHTTPConnection(port: server.port, timeout: .seconds(2))
        #expect(refused.waitForClose(), "no connection was incomplete, so the new one was refused")
        #expect(server.connectionCounts.cut == 0)

        gate.open()
        gate.open()
        for connection in busy { #expect(try connection.readResponse().status == 200) }
        // Answered and kept alive, the two wait for a head once libmicrohttpd has reported the
        // answers complete, which may be after the client read them.
        try waitUntil { server.connectionCounts.busy == 0 }
        // Then a new connection closes one.
        let admitted = try RawHTTPConnection(port: server.port, timeout: .seconds(5))
        try admitted.send(RawHTTPConnection.requestHead("GET", "/after"))
        gate.open()
        #expect(try admitted.readResponse().status == 200)
        #expect(server.connectionCounts.cut == 1)
    }

    @Test func oneAddressAtItsLimitMakesRoomFromItsOwnConnectionsOnly() throws {
        let handler = RecordingHandler()
        let server = try handler.startServer {
            $0.connectionLimit = 10
            $0.perIPConnectionLimit = 2
        }
        defer { server.shutdown(timeout: .seconds(1)) }
        let attacker = try openHalfHeads(2, on: server, source: "127.0.0.2")
        let neighbour = try openHalfHeads(1, on: server, source: "127.0.0.3")[0]

        let other = try RawHTTPConnection(port: server.port, source: "127.0.0.4", timeout: .seconds(5))
        #expect(try other.request("GET", "/other").status == 200)
        #expect(server.connectionCounts.cut == 0, "a new address under its limit closes nothing")

        let same = try RawHTTPConnection(port: server.port, source: "127.0.0.2", timeout: .seconds(5))
        #expect(try same.request("GET", "/same").status == 200)
        #expect(attacker[0].waitForClose())
        #expect(!attacker[1].waitForClose())
        #expect(!neighbour.waitForClose(), "another address's slow connection is not its to close")
        #expect(server.connectionCounts.cut == 1)
    }

    @Test func aFullTableMakesRoomFromTheAddressHoldingTheMostConnectionsNotAnIdleKeptAliveOne() throws {
        let handler = RecordingHandler()
        let server = try handler.startServer {
            $0.connectionLimit = 3
            $0.perIPConnectionLimit = 3
        }
        defer { server.shutdown(timeout: .seconds(1)) }
        let keptAlive = try RawHTTPConnection(port: server.port, source: "127.0.0.3", timeout: .seconds(1))
        #expect(try keptAlive.request("GET", "/kept-alive").status == 200)
        try waitUntil { server.connectionCounts.busy == 0 }
        let attacker = try openHalfHeads(2, on: server, source: "127.0.0.2")

        // The oldest incomplete connection is the kept-alive one, but the attacker holds more.
        let reconnected = try RawHTTPConnection(port: server.port, source: "127.0.0.2", timeout: .seconds(5))
        #expect(try reconnected.request("GET", "/reconnected").status == 200)

        #expect(attacker[0].waitForClose())
        #expect(!keptAlive.waitForClose(), "the idle kept-alive connection of another client stays")
        #expect(try keptAlive.request("GET", "/again").status == 200)
        #expect(server.connectionCounts.cut == 1)
    }

    /// `count` connections from `source`, each having sent a request line and no more; short
    /// read timeouts for `waitForClose`. Each is registered by the server before the next
    /// opens, a tick of the watch's coarse clock later, so their ages are strictly ordered.
    private func openHalfHeads(_ count: Int, on server: HTTPServer, source: String? = nil) throws -> [RawHTTPConnection] {
        let before = server.connectionCounts.live
        return try (0..<count).map { index in
            let connection = try RawHTTPConnection(port: server.port, source: source, timeout: .milliseconds(300))
            try connection.send("GET /slow-\(index) HTTP/1.1\r\n")
            try waitUntil { server.connectionCounts.live == before + index + 1 }
            let registered = HTTPConnectionEntry.now()
            try waitUntil { HTTPConnectionEntry.now() > registered }
            return connection
        }
    }

    private func waitUntil(_ condition: () -> Bool) throws {
        let deadline = clock.now + .seconds(5)
        while !condition() {
            guard clock.now < deadline else { throw RawHTTPError.timedOut }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }
}
