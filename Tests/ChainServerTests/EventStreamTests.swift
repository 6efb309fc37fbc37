import ChainService
import ChainSupport
import ChainTestSupport
import Foundation
import Synchronization
import Testing

@testable import ChainServer

/// `GET /v1/sessions/{id}/events` on a live server: every event type, resuming, the stream
/// cap, and streams ending with their session and at shutdown.
@Suite("Event stream, live")
struct EventStreamTests {
    @Test func aStreamStartsWithHelloCarryingTheSessionAndItsMenu() async throws {
        try await LiveServer.withSession { server, session in
            let stream = try EventStreamClient.open(server, session)
            #expect(stream.headers["content-type"] == "text/event-stream")
            #expect(stream.headers["cache-control"] == "no-store")
            let hello = try await stream.event()
            #expect(hello.name == "hello")
            #expect(hello["session"]?["id"]?.stringValue == session.id)
            #expect(hello["menu"]?["menus"]?.arrayValue?.isEmpty == false)
            #expect(hello["catalogVersion"]?.intValue != nil)
            let menu = try await session.menu()
            #expect(hello["menu"] == menu.json)
        }
    }

    @Test func aCommandSendsCommandThenOnlyTheMenuItemsThatChanged() async throws {
        try await LiveServer.withSession { server, session in
            let stream = try EventStreamClient.open(server, session)
            _ = try await stream.event("hello")
            try await session.perform("select", ["images": ["img-3"]])
            let command = try await stream.event()
            #expect(command.name == "command")
            #expect(command["action"] == "select")
            #expect(command["session"] == nil)
            #expect(command["version"]?.intValue == (try await session.state())["version"]?.intValue)
            let menu = try await stream.event()
            #expect(menu.name == "menu")
            let items = try #require(menu["items"]?.arrayValue)
            let ids = items.compactMap { $0["id"]?.stringValue }
            #expect(ids.contains("rating.5"))
            #expect(!ids.contains("newBrowserWindow"), "an item whose validation did not change is not sent")
            #expect(items.allSatisfy { $0["enabled"] != nil && $0["state"] != nil && $0["title"] != nil && $0["hidden"] != nil && $0["target"] != nil })
            // The event's tag is the menu's tag now.
            let current = try await session.menu()
            #expect(menu["etag"]?.stringValue == current.header("etag"))
        }
    }

    @Test func aCommitSendsCatalogToEveryListeningSession() async throws {
        try await LiveServer.withSession { server, writer in
            let other = try await server.client.createSession()
            let stream = try EventStreamClient.open(server, other)
            _ = try await stream.event("hello")
            try await writer.perform("select", ["images": ["img-7", "img-8"]])
            try await writer.perform("setLabel", ["label": "green"])
            let catalog = try await stream.event("catalog")
            #expect(catalog["count"] == 2)
            #expect(catalog["truncated"] == false)
            #expect(catalog["images"] == [
                ["id": "img-7", "rating": .number(Double(try await writer.rating(of: "img-7"))), "label": "green", "flag": "none"],
                ["id": "img-8", "rating": .number(Double(try await writer.rating(of: "img-8"))), "label": "green", "flag": "none"],
            ])
            #expect(catalog["catalogVersion"]?.intValue ?? 0 > 1)
        }
    }

    @Test func anotherSessionsCommitUpdatesTheMenuOfSessionsShowingThoseImagesOnly() async throws {
        try await LiveServer.withSession { server, watcher in
            let bystander = try await server.client.createSession()
            let writer = try await server.client.createSession()
            try await watcher.perform("select", ["images": ["img-5"]])
            try await bystander.perform("select", ["images": ["img-6"]])
            try await writer.perform("select", ["images": ["img-5"]])
            try await writer.perform("setRating", ["rating": 1])
            let watching = try EventStreamClient.open(server, watcher)
            let bystanding = try EventStreamClient(port: server.app.port, session: bystander, timeout: .seconds(1))
            _ = try await watching.event("hello")
            _ = try await bystanding.event()

            try await writer.perform("setRating", ["rating": 3])
            let (menu, skipped) = try await watching.eventAfterOthers("menu")
            #expect(skipped.isEmpty, "the menu difference comes before the commit's catalog event")
            #expect(try await watching.event().name == "catalog")
            let items = try #require(menu["items"]?.arrayValue)
            let three = try #require(items.first { $0["id"] == "rating.3" })
            #expect(three["state"] == "on")
            let one = try #require(items.first { $0["id"] == "rating.1" })
            #expect(one["state"] == "off")
            #expect(items.count < 10, "only the items whose validation changed: \(items.count)")
            #expect(menu["etag"]?.stringValue == (try await watcher.menu()).header("etag"))

            // The bystander, whose selection the write missed, hears the commit and nothing else
            // (but the other sessions' presence, which their selections moved).
            let commit = try await bystanding.eventAfterOthers("catalog")
            #expect(commit.skipped.allSatisfy { $0.name == "presence" }, "\(commit.skipped.map(\.name))")
            while let next = try? await bystanding.event() { #expect(next.name == "presence") }
        }
    }

    @Test func aStreamResumesAfterItsLastEventID() async throws {
        try await LiveServer.withSession { server, session in
            var last: UInt64 = 0
            do {
                let stream = try EventStreamClient.open(server, session)
                _ = try await stream.event("hello")
                try await session.perform("select", ["images": ["img-1"]])
                last = try #require(try await stream.event("command").id)
            }
            // Events keep being numbered and held while no stream is open.
            try await session.perform("select", ["images": ["img-2"]])
            try await session.perform("setFlag", ["flag": "pick"])

            let resumed = try EventStreamClient.open(server, session, lastEventID: String(last))
            let (first, skipped) = try await resumed.eventAfterOthers("command")
            #expect(!skipped.contains { $0.name == "hello" }, "a held id resumes without hello")
            #expect(first["action"] == "select")
            #expect(first.id ?? 0 > last)
            let second = try await resumed.event("command")
            #expect(second["action"] == "setFlag")
        }
    }

    /// A resume owed more than a stream holds for a client that stops reading (1 MiB) gets it
    /// all: the limit is for a client that does not read, not for what it asked to be
    /// replayed. Cut, it would reconnect with the same id and be cut again, for ever.
    @Test func aResumeLargerThanTheStreamBufferIsSentWhole() async throws {
        try await LiveServer.withSession({ $0.demoImages = 1_000 }) { server, session in
            var last: UInt64 = 0
            do {
                let stream = try EventStreamClient.open(server, session)
                last = try #require(try await stream.event("hello").id)
            }
            // Each round's command and catalog events list 1,000 images: about 2 MB in all.
            try await session.perform("selectAll")
            let rounds = 30
            for round in 0..<rounds { try await session.perform("setRating", ["rating": .number(Double(round % 6))]) }

            let resumed = try EventStreamClient.open(server, session, lastEventID: String(last))
            var commands: [String] = []
            while commands.count < rounds + 1 {
                let event = try await resumed.event()
                #expect(event.name != "hello")
                if event.name == "command" { commands.append(event["action"]?.stringValue ?? "") }
            }
            #expect(commands == ["selectAll"] + Array(repeating: "setRating", count: rounds))
        }
    }

    @Test(arguments: ["999999", "not-a-number"])
    func anIDTheSessionDoesNotHoldStartsAfresh(lastEventID: String) async throws {
        try await LiveServer.withSession { server, session in
            try await session.perform("select", ["images": ["img-1"]])
            let stream = try EventStreamClient.open(server, session, lastEventID: lastEventID)
            let hello = try await stream.event()
            #expect(hello.name == "hello")
            #expect(hello["session"]?["windows"]?.arrayValue?.first?["grid"]?["selection"] == ["img-1"])
        }
    }

    @Test func theNinthStreamIsRefusedWith429() async throws {
        try await LiveServer.withSession { server, session in
            var streams: [EventStreamClient] = []
            for _ in 0..<SessionEvents.maxStreams { streams.append(try EventStreamClient.open(server, session)) }
            let ninth = try EventStreamClient(port: server.app.port, session: session)
            #expect(ninth.status == 429)
            #expect(ninth.headers["content-type"] == "application/problem+json")
            #expect(ninth.problem?["type"] == "/problems/too-many-streams")
            // A client that went away makes room again: it closed with bytes unread, so the
            // server's socket shows a reset.
            streams.removeLast()
            // Off the cooperative pool: the server may look for the ghost for up to 2 s.
            // On a machine busy with other tests its ghost may outlast one open's search (2 s),
            // so the open is tried again, as a client answered 429 would.
            let port = server.app.port
            var again = try await offCooperativePool { try EventStreamClient(port: port, session: session) }
            for _ in 0..<3 where again.status == 429 {
                again = try await offCooperativePool { try EventStreamClient(port: port, session: session) }
            }
            #expect(again.status == 200, "\(String(describing: again.problem))")
            #expect(server.app.sessionStreamCount(session.id) == SessionEvents.maxStreams)
        }
    }

    @Test func deletingTheSessionSendsEndedAndClosesItsStreams() async throws {
        try await LiveServer.withSession { server, session in
            let stream = try EventStreamClient.open(server, session)
            _ = try await stream.event("hello")
            let deleted = try await server.client.send("DELETE", session.path, token: session.token)
            #expect(deleted.status == 204)
            let ended = try await stream.event("ended")
            #expect(ended["reason"] == "deleted")
            let (closed, rest) = try await offCooperativePool {
                var rest: [StreamEvent] = []
                return (stream.readToEnd(events: &rest), rest)
            }
            #expect(closed)
            #expect(rest.isEmpty)
        }
    }

    @Test func stoppingTheServerEndsOpenStreamsPromptly() async throws {
        let server = try LiveServer()
        var stopped = false
        defer { if !stopped { server.stop() } }
        let session = try await server.client.createSession()
        let streams = try (0..<3).map { _ in try EventStreamClient.open(server, session) }
        for stream in streams { _ = try await stream.event("hello") }
        let started = ContinuousClock.now
        server.app.stop(grace: .seconds(10))
        stopped = true
        #expect(ContinuousClock.now - started < .seconds(2), "stop must not wait on open streams")
        for stream in streams {
            #expect(try await stream.event("ended")["reason"] == "shutdown")
        }
        try? FileManager.default.removeItem(atPath: server.dataDirectory)
    }

    @Test func theConnectionTimeoutDoesNotCutAStreamAndKeepAlivesFlow() async throws {
        try await LiveServer.withSession({ $0.connectionTimeoutSeconds = 1; $0.keepAliveSeconds = 1 }) { server, session in
            let stream = try EventStreamClient.open(server, session)
            _ = try await stream.event("hello")
            try await Task.sleep(for: .milliseconds(2500))
            try await session.perform("selectAll")
            #expect(try await stream.event("command")["action"] == "selectAll")
            #expect(stream.comments >= 1, "a keep-alive comment arrives every second here")
        }
    }

    /// A client that asks for the stream with a small receive buffer and never reads it
    /// stops acknowledging once the events fill that buffer, far below the 1 MiB backlog
    /// that cuts a stream at once. Its connection is reset within `events.stallSeconds` and
    /// a keep-alive interval, and the cut is counted and logged.
    @Test func aStreamWhoseClientStopsReadingLosesItsConnection() async throws {
        let warnings = Lock<[String]>([])
        let log = Logger(level: .warning) { line in warnings.withLock { $0.append(line) } }
        try await LiveServer.withSession(log: log, { $0.keepAliveSeconds = 1; $0.stallSeconds = 2 }) { server, session in
            let connection = try await Self.unreadStream(server, session)
            let deadline = ContinuousClock.now + .seconds(15)
            while !connection.wasReset, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(connection.wasReset, "the server reset the connection of the client that stopped reading")
            #expect(try await server.client.metrics().contains("\nchain_live_streams_stalled_total 1\n"))
            let stalled = warnings.withLock { $0 }.filter { $0.contains("events.stalled") }
            #expect(stalled.count == 1, "one line for the one stream cut: \(stalled)")
            #expect(stalled.first?.contains(session.id) == true)

            // The session's other clients are not affected.
            let stream = try EventStreamClient.open(server, session)
            _ = try await stream.event("hello")
        }
    }

    /// The same client's session ends: libmicrohttpd hands its `ended` and the stream's end
    /// to the kernel's send buffer, which has room, and the connection is then idle between
    /// requests, so the head timeout closes it (in order: the close comes after the unread
    /// bytes, so the client finds it by reading them).
    @Test func anUnreadStreamOfAnEndedSessionLosesItsConnection() async throws {
        try await LiveServer.withSession({ $0.keepAliveSeconds = 1; $0.stallSeconds = 2; $0.headTimeoutSeconds = 2 }) { server, session in
            let connection = try await Self.unreadStream(server, session)
            #expect(try await server.client.send("DELETE", session.path, token: session.token).status == 204)
            try await Task.sleep(for: .seconds(4))
            #expect(connection.drainUntilClosed(within: .seconds(10)), "the server closed the connection")
        }
    }

    /// Opens `session`'s stream with a 4 KiB receive buffer, reads nothing, and has 300
    /// commands send events to it (about 150 KB).
    private static func unreadStream(_ server: LiveServer, _ session: RemoteSession) async throws -> RawHTTPConnection {
        let connection = try RawHTTPConnection(port: server.app.port, timeout: .seconds(3), receiveBuffer: 4_096)
        try connection.send(RawHTTPConnection.requestHead(
            "GET", session.path + "/events",
            headers: ["Authorization": "Bearer \(session.token)", "Accept": "text/event-stream"]))
        for index in 0..<300 {
            _ = try await session.perform("select", ["images": .array([.string("img-\(index % 50 + 1)")])])
        }
        return connection
    }

    @Test func anOpenStreamKeepsItsSessionFromIdleExpiry() async throws {
        try await LiveServer.with({ $0.sessionIdleSeconds = 2 }) { server in
            // On a loaded machine a new session may idle out before its stream opens: then
            // take another, until one has its stream (what the test is about comes after).
            var opened: (RemoteSession, EventStreamClient)?
            for _ in 0..<5 where opened == nil {
                let session = try await server.client.createSession()
                let stream = try EventStreamClient(port: server.app.port, session: session)
                if stream.status == 200 { opened = (session, stream) }
            }
            let (session, stream) = try #require(opened)
            _ = try await stream.event("hello")
            try await Task.sleep(for: .milliseconds(3500))
            let state = try await server.client.get(session.path, token: session.token)
            #expect(state.status == 200)
        }
    }

    @Test func eventsNeedTheSessionsOwnToken() async throws {
        try await LiveServer.withSession { server, session in
            let other = try await server.client.createSession()
            let stranger = RemoteSession(id: session.id, token: other.token, client: server.client)
            let refused = try EventStreamClient(port: server.app.port, session: stranger)
            #expect([401, 404].contains(refused.status))
            #expect(refused.problem?["type"]?.stringValue?.hasPrefix("/problems/") == true)
        }
    }
}

/// Polls `condition` for up to five seconds.
func waitUntil(_ condition: @Sendable () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(5)
    while !condition() {
        try #require(ContinuousClock.now < deadline, "condition not met within 5 s")
        try await Task.sleep(for: .milliseconds(20))
    }
}

extension ChainServerApp {
    /// How many event streams the session `id` has open (0 when it is gone).
    func sessionStreamCount(_ id: String) -> Int {
        sessions.session(id: id)?.events.streamCount ?? 0
    }
}
