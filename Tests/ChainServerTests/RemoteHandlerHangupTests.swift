import ChainModel
import Foundation
import Testing

@testable import ChainServer

/// A client that closes (or resets) its last event stream takes its handlers' liveness with
/// it at once: the next command, sent right away or a little later, is performed by what the
/// handler overrode, never answered 502, and the handler lists say `"live": false`.
@Suite("Remote handlers, a stream that goes away")
struct RemoteHandlerHangupTests {
    /// How the client leaves: a FIN (its socket shut down) or a reset.
    enum Leaving: String, CaseIterable, Sendable {
        case closed, reset

        func leave(_ stream: EventStreamClient) {
            switch self {
            case .closed: stream.close()
            case .reset: stream.reset()
            }
        }
    }

    /// The waits between the stream going and the command: none, and up to two seconds.
    static let delays: [Duration] = [.zero, .milliseconds(100), .milliseconds(500), .seconds(2)]

    /// For each delay: opens `streamOn`'s stream (waiting until `commandOn` sees the handler
    /// live), lets it go `leaving`, waits, and sends `setRating` through `commandOn`, which
    /// the grid's built-in must perform, well before the 60 s call deadline.
    static func commandsFallBack(
        leaving: Leaving, streamOn: RemoteSession, commandOn: RemoteSession, streamServer: LiveServer
    ) async throws {
        try await commandOn.perform("select", ["images": ["img-12"]])
        let handler = try await RemoteHandlerTests.register(streamOn, "setRating", validation: ["enabled": true, "title": "Rate Remotely"])
        for delay in delays {
            let stream = try EventStreamClient.open(streamServer, streamOn)
            _ = try await stream.event("hello")
            try await PostgresRemoteHandlersLiveTests.waitUntil("the handler is live") {
                try await PostgresRemoteHandlersLiveTests.isLive(commandOn, handler)
            }
            leaving.leave(stream)
            if delay > .zero { try await Task.sleep(for: delay) }
            let current = try await commandOn.rating(of: "img-12")
            let rating = current == 5 ? 1 : current + 1
            let started = ContinuousClock.now
            let answered = try await commandOn.command(["action": "setRating", "args": ["rating": .number(Double(rating))]], explain: true)
            let took = ContinuousClock.now - started
            #expect(answered.status == 200, "\(leaving) stream, then \(delay): \(answered.status) \(answered.text)")
            #expect(answered["handledBy"] == "main/grid")
            #expect(answered["result"] != ["overridden": true])
            let declined = answered["trace"]?.arrayValue?.first
            #expect(declined?["verdict"] == "declined", "\(leaving), \(delay): \(answered.text)")
            #expect(declined?["reason"] == .string(RemoteHandlers.notLiveReason))
            #expect(try await commandOn.rating(of: "img-12") == rating, "the built-in rated, \(leaving), \(delay)")
            #expect(took < .seconds(20), "answered long before the 60 s deadline (took \(took))")
            if delay > .zero {
                #expect(try await !PostgresRemoteHandlersLiveTests.isLive(commandOn, handler), "\(leaving), \(delay): still live")
            }
        }
    }

    @Test(arguments: Leaving.allCases)
    func onOneInstanceTheBuiltInPerformsAtOnceAndLater(_ leaving: Leaving) async throws {
        try await LiveServer.withSession({ $0.callTimeoutSeconds = 60 }) { server, session in
            try await Self.commandsFallBack(leaving: leaving, streamOn: session, commandOn: session, streamServer: server)
        }
    }

    @Test(arguments: Leaving.allCases)
    func acrossTwoInstancesTheBuiltInPerformsAtOnceAndLater(_ leaving: Leaving) async throws {
        let (a, b, _) = try PostgresTwoInstancesLiveTests.twoServers { $0.callTimeoutSeconds = 60 }
        defer {
            a.stop()
            b.stop()
        }
        let onA = try await a.client.createSession()
        let onB = RemoteSession(id: onA.id, token: onA.token, client: b.client)
        try await Self.commandsFallBack(leaving: leaving, streamOn: onB, commandOn: onA, streamServer: b)
    }

    /// The stream's close reaches the handler list and the menu within milliseconds, not at
    /// the next keep-alive (15 s).
    @Test(arguments: Leaving.allCases)
    func theHandlerListAndMenuSayNotLiveAtOnce(_ leaving: Leaving) async throws {
        try await LiveServer.withSession { server, session in
            try await session.perform("select", ["images": ["img-3"]])
            let handler = try await RemoteHandlerTests.register(session, "autoRate")
            let stream = try EventStreamClient.open(server, session)
            _ = try await stream.event("hello")
            #expect(try await PostgresRemoteHandlersLiveTests.isLive(session, handler))
            #expect(try await RemoteHandlerTests.menuItem(session, "autoRate")?["enabled"] == true)
            let started = ContinuousClock.now
            leaving.leave(stream)
            try await PostgresRemoteHandlersLiveTests.waitUntil("the list says not live", within: .seconds(5)) {
                try await !PostgresRemoteHandlersLiveTests.isLive(session, handler)
            }
            #expect(ContinuousClock.now - started < .seconds(5), "well before the 15 s keep-alive")
            #expect(try await RemoteHandlerTests.menuItem(session, "autoRate")?["enabled"] == false)
        }
    }
}
