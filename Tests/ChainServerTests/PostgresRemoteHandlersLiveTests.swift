import ChainModel
import ChainPostgreSQL
import Foundation
import Testing

@testable import ChainServer

/// Remote handlers across two live instances on one PostgreSQL database: the client's event
/// stream sits on B, its command arrives at A. A knows the handler (stored, followed) and
/// that it is live (B publishes the streams it holds), offers the call to B's stream through
/// the database, and takes the answer back from wherever the client posted it.
@Suite("PostgreSQL, remote handlers across instances")
struct PostgresRemoteHandlersLiveTests {
    /// A (the command's instance) and B (the stream's), one session, an `autoRate` handler
    /// registered through B and B's stream open, once A sees the handler live.
    struct Setup {
        let a: LiveServer
        let b: LiveServer
        let onA: RemoteSession
        let onB: RemoteSession
        let handler: JSON
        let stream: EventStreamClient
        let url: String

        func stop() {
            stream.close()
            a.stop()
            b.stop()
        }
    }

    static func setUp() async throws -> Setup {
        // Deadlines far beyond the waits here, so "at once" holds by a wide margin when the
        // machine is loaded (sanitizers).
        let (a, b, url) = try PostgresTwoInstancesLiveTests.twoServers { $0.callTimeoutSeconds = 60 }
        do {
            let onA = try await a.client.createSession()
            let onB = RemoteSession(id: onA.id, token: onA.token, client: b.client)
            let handler = try await RemoteHandlerTests.register(onB, "autoRate")
            let stream = try EventStreamClient.open(b, onB)
            _ = try await stream.event("hello")
            try await waitUntil("A lists the handler as live") { try await isLive(onA, handler) }
            return Setup(a: a, b: b, onA: onA, onB: onB, handler: handler, stream: stream, url: url)
        } catch {
            a.stop()
            b.stop()
            throw error
        }
    }

    /// Whether `GET …/handlers` through `session` lists `handler` as live.
    static func isLive(_ session: RemoteSession, _ handler: JSON) async throws -> Bool {
        let list = try await session.client.get(session.path + "/handlers", token: session.token)
        let listed = list["handlers"]?.arrayValue?.first { $0["id"] == handler["id"] }
        return listed?["live"] == true
    }

    static func waitUntil(_ what: String, within limit: Duration = .seconds(20), _ condition: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + limit
        while try await !condition() {
            try #require(ContinuousClock.now < deadline, "waited \(limit) until \(what)")
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Sends `action` through `session` in a task, with a client that waits as long as the
    /// call may.
    static func send(_ session: RemoteSession, _ action: String) -> Task<LiveResponse, any Error> {
        Task {
            try await session.client.send(
                "POST", session.path + "/commands", json: ["action": .string(action), "args": [:]], token: session.token, patient: true)
        }
    }

    @Test func aCommandOnAIsAnsweredByTheClientStreamingOnB() async throws {
        let setup = try await Self.setUp()
        defer { setup.stop() }
        let (onA, onB) = (setup.onA, setup.onB)
        try await onA.perform("select", ["images": ["img-7"]])
        let before = try await onA.rating(of: "img-7")
        let target = before == 5 ? 1 : 5

        let command = Self.send(onA, "autoRate")
        let invoke = try await setup.stream.event("invoke")
        #expect(invoke["handler"] == setup.handler["id"])
        #expect(invoke["action"] == "autoRate")
        #expect(invoke["context"]?["selection"] == ["img-7"])
        let call = try #require(invoke["call"]?.stringValue)
        let answer: JSON = ["result": ["rated": 1], "changes": [["image": "img-7", "rating": .number(Double(target))]]]
        #expect(try await RemoteHandlerTests.answer(onB, call, answer).status == 204)

        let answered = try await command.value
        #expect(answered.status == 200, "\(answered.text)")
        #expect(answered["result"] == ["rated": 1])
        #expect(answered["handledBy"] == "main/grid")
        #expect(try await onA.rating(of: "img-7") == target)
        // Settled and gone, through either instance.
        #expect(try await RemoteHandlerTests.answer(onB, call, ["result": [:]]).status == 404)
        #expect(try await RemoteHandlerTests.answer(onA, call, ["result": [:]]).status == 404)
        // Undoable where the command was made, under the handler's name.
        #expect(try await RemoteHandlerTests.menuItem(onA, "undo")?["title"] == "Undo Auto Rate")
        try await onA.perform("undo")
        #expect(try await onB.rating(of: "img-7") == before)
    }

    /// The client answers through A, the instance whose command waits, though its stream is
    /// on B: the call is settled there as if the stream were A's.
    @Test func theAnswerMayComeThroughTheCallingInstance() async throws {
        let setup = try await Self.setUp()
        defer { setup.stop() }
        let before = try await LiveSnapshot.take(setup.onA)
        let command = Self.send(setup.onA, "autoRate")
        let call = try #require(try await setup.stream.event("invoke")["call"]?.stringValue)
        let refusal: JSON = ["error": ["title": "No faces found", "detail": "the selection has no portraits"]]
        #expect(try await RemoteHandlerTests.answer(setup.onA, call, refusal).status == 204)
        let answered = try await command.value
        expectProblem(answered, 422, "rejected")
        #expect(answered["title"] == "No faces found")
        #expect(try await LiveSnapshot.take(setup.onA) == before)
        // B, which relayed the call to its stream, knows it is settled.
        #expect(try await RemoteHandlerTests.answer(setup.onB, call, ["result": [:]]).status == 404)
    }

    /// The client's stream was on A when A's command called its handler, and the client
    /// moved to B (a reconnect through nginx to the other instance) before answering: the
    /// waiting call follows it there, and its answer on B settles the command on A.
    @Test func aCallFollowsItsClientsStreamToAnotherInstance() async throws {
        let (a, b, _) = try PostgresTwoInstancesLiveTests.twoServers { $0.callTimeoutSeconds = 60 }
        defer { a.stop(); b.stop() }
        let onA = try await a.client.createSession()
        let onB = RemoteSession(id: onA.id, token: onA.token, client: b.client)
        _ = try await RemoteHandlerTests.register(onA, "autoRate")
        let streamOnA = try EventStreamClient.open(a, onA)
        _ = try await streamOnA.event("hello")
        let command = Self.send(onA, "autoRate")
        let first = try #require(try await streamOnA.event("invoke")["call"]?.stringValue)

        let streamOnB = try EventStreamClient.open(b, onB)
        defer { streamOnB.close() }
        _ = try await streamOnB.event("hello")
        streamOnA.close()
        let call = try #require(try await streamOnB.event("invoke")["call"]?.stringValue)
        #expect(call == first)
        #expect(try await RemoteHandlerTests.answer(onB, call, ["result": ["moved": true]]).status == 204)
        let answered = try await command.value
        #expect(answered.status == 200, "\(answered.text)")
        #expect(answered["result"] == ["moved": true])
    }

    /// A malformed answer through B is refused there and the call stays open for a good one.
    @Test func aBadAnswerOnBIsRefusedAndTheCallStaysOpen() async throws {
        let setup = try await Self.setUp()
        defer { setup.stop() }
        let command = Self.send(setup.onA, "autoRate")
        let call = try #require(try await setup.stream.event("invoke")["call"]?.stringValue)
        let bad = try await RemoteHandlerTests.answer(setup.onB, call, ["changes": [["image": "img-99999", "rating": 3]]])
        #expect(bad.status == 400 || bad.status == 422, "\(bad.text)")
        #expect(try await RemoteHandlerTests.answer(setup.onB, call, ["result": ["ok": true]]).status == 204)
        let answered = try await command.value
        #expect(answered.status == 200, "\(answered.text)")
        #expect(answered["result"] == ["ok": true])
    }

    /// The other way: the call went to the client's stream on B, and the client opens a
    /// stream on A, where the command waits, before its stream on B closes. A's new stream
    /// gets the waiting call, and the answer through A settles it.
    @Test func aWaitingCallReachesAStreamOpenedWhereTheCommandWaits() async throws {
        let setup = try await Self.setUp()
        defer { setup.stop() }
        let command = Self.send(setup.onA, "autoRate")
        let call = try #require(try await setup.stream.event("invoke")["call"]?.stringValue)
        let streamOnA = try EventStreamClient.open(setup.a, setup.onA)
        defer { streamOnA.close() }
        let heard = try await streamOnA.eventAfterOthers("invoke").event
        #expect(heard["call"]?.stringValue == call)
        // Both instances count as streaming it before B's stream goes.
        let connection = try PostgresConnection(url: setup.url)
        defer { connection.close() }
        try await Self.waitUntil("both instances publish their streams") {
            try connection.query("SELECT count(*)::int8 FROM session_streams WHERE session = $1", [.text(setup.onA.id)]).int(0, 0) == 2
        }
        setup.stream.close()
        #expect(try await RemoteHandlerTests.answer(setup.onA, call, ["result": ["here": true]]).status == 204)
        let answered = try await command.value
        #expect(answered.status == 200, "\(answered.text)")
        #expect(answered["result"] == ["here": true])
    }

    /// B's last stream closes while A's command waits on its call: the command fails at once
    /// (not at its 60 s deadline), and A stops counting the handler live.
    @Test func theLastStreamOnBClosingDisconnectsTheCallOnA() async throws {
        let setup = try await Self.setUp()
        defer { setup.stop() }
        try await Self.expectDisconnected(setup) { setup.stream.close() }
    }

    /// An instance that stops takes its streams with it: a call waiting on them fails at
    /// once, the other instance no longer offers calls to it, and its menus say so.
    @Test func aStoppedInstanceNoLongerCountsItsStreams() async throws {
        let setup = try await Self.setUp()
        defer { setup.stop() }
        #expect(try await RemoteHandlerTests.menuItem(setup.onA, "autoRate")?["enabled"] == true)
        try await Self.expectDisconnected(setup) { setup.b.stop() }
    }

    /// Sends a command on A, runs `cut` once its call reached B's stream, and expects the
    /// command to fail at once as disconnected; A then lists the handler as not live, it
    /// declines, and the remote action's menu item is unhandled.
    static func expectDisconnected(_ setup: Setup, cut: () -> Void) async throws {
        let started = ContinuousClock.now
        let command = Self.send(setup.onA, "autoRate")
        _ = try await setup.stream.event("invoke")
        cut()
        let answered = try await command.value
        expectProblem(answered, 502, "handler-disconnected")
        #expect(ContinuousClock.now - started < .seconds(30), "well before the 60 s deadline")
        try await Self.waitUntil("A lists the handler as not live") { try await !Self.isLive(setup.onA, setup.handler) }
        #expect(try await RemoteHandlerTests.menuItem(setup.onA, "autoRate")?["enabled"] == false)
    }
}
