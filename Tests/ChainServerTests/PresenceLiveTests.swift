import ChainModel
import ChainTestSupport
import Testing

@testable import ChainServer

/// Presence over HTTP, live: `GET /v1/presence` with its `ETag`, `presence` events between two
/// sessions (a session never hears of itself), and a window following another session's
/// viewer until its own navigation ends it.
@Suite("Presence, live")
struct PresenceLiveTests {
    static func entry(_ presence: JSON?, _ session: RemoteSession) -> JSON? {
        presence?["sessions"]?.arrayValue?.first { $0["session"]?.stringValue == session.id }
    }

    static func following(_ answer: LiveResponse) -> JSON? { answer["session"]?["windows"]?.arrayValue?.first?["following"] }

    /// `member` of `session`'s first window, read again until it is `expected` (5 s at most);
    /// the last value read.
    static func window(_ session: RemoteSession, _ member: (JSON) -> JSON?, becomes expected: JSON) async throws -> JSON? {
        var last: JSON?
        for _ in 0..<100 {
            last = try await session.state()["windows"]?.arrayValue?.first.flatMap(member)
            if last == expected { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        return last
    }

    @Test func theListShowsEverySessionWithWhatEachLooksAtAndAnETag() async throws {
        try await LiveServer.withSession { server, alice in
            let bob = try await server.client.createSession()
            try await bob.perform("select", ["images": ["img-2", "img-3"]])
            try await bob.perform("openImage", ["image": "img-3"])
            let listed = try await server.client.get("/v1/presence", token: alice.token)
            #expect(listed.status == 200)
            let entry = try #require(Self.entry(listed.json, bob))
            #expect(entry["principal"] == "anonymous")
            #expect(entry["shows"] == "img-3")
            #expect(entry["windows"] == [[
                "window": "main", "firstResponder": "main/grid/viewer", "image": "img-3", "selected": 2, "following": nil,
            ]])
            #expect(Self.entry(listed.json, alice) != nil)

            let tag = try #require(listed.header("etag"))
            #expect(try await server.client.send("GET", "/v1/presence", token: alice.token, headers: ["If-None-Match": tag]).status == 304)
            try await bob.perform("nextImage")
            let moved = try await server.client.send("GET", "/v1/presence", token: alice.token, headers: ["If-None-Match": tag])
            #expect(moved.status == 200)
            #expect(Self.entry(moved.json, bob)?["shows"] == "img-4")
            #expect(try await server.client.get("/v1/presence").status == 401)
        }
    }

    @Test func anotherSessionsMovesArriveAsPresenceEventsAndItsEndAsLeft() async throws {
        try await LiveServer.withSession { server, alice in
            let bob = try await server.client.createSession()
            let stream = try EventStreamClient.open(server, alice)
            defer { stream.close() }
            _ = try await stream.event("hello")
            try await bob.perform("openImage", ["image": "img-5"])
            var event = try await stream.event("presence")
            while Self.entry(event.data, bob)?["shows"] != "img-5" { event = try await stream.event("presence") }
            #expect(Self.entry(event.data, alice) == nil)

            // Alice's own move is not told to her.
            try await alice.perform("select", ["images": ["img-1"]])
            _ = try await bob.client.send("DELETE", bob.path, token: bob.token)
            let left = try await stream.eventAfterOthers("presence")
            #expect(left.event["left"] == [.string(bob.id)])
            #expect(left.event["sessions"]?.arrayValue?.isEmpty == true)
            #expect(!left.skipped.contains { $0.name == "presence" })
        }
    }

    @Test func aFollowingViewerMovesWithTheFollowedSessionUntilItsOwnNavigation() async throws {
        try await LiveServer.withSession { server, alice in
            let bob = try await server.client.createSession()
            try await bob.perform("openImage", ["image": "img-3"])
            let followed = try await alice.perform("follow", ["session": .string(bob.id)])
            #expect(followed["result"]?["image"] == "img-3")
            #expect(Self.following(followed) == .string(bob.id))

            try await bob.perform("nextImage")
            #expect(try await Self.window(alice, { $0["viewer"]?["image"] }, becomes: "img-4") == "img-4")
            let entry = Self.entry(try await server.client.get("/v1/presence", token: bob.token).json, alice)
            #expect(entry?["windows"]?.arrayValue?.first?["following"] == .string(bob.id))

            // Following does not move the focus: the step goes to the viewer by name.
            let own = try await alice.command(["action": "nextImage", "target": "main/grid/viewer"])
            #expect(own.status == 200)
            #expect(Self.following(own) == .null)
            try await bob.perform("nextImage")
            try await Task.sleep(for: .milliseconds(600))
            #expect(try await alice.state()["windows"]?.arrayValue?.first?["viewer"]?["image"] == "img-5")
        }
    }

    @Test func followingItselfOrAnUnknownSessionIsRefused() async throws {
        try await LiveServer.withSession { _, alice in
            for session in [alice.id, "nobody"] {
                let refused = try await alice.command(["action": "follow", "args": ["session": .string(session)]])
                #expect(refused.status == 422)
                #expect(refused["field"] == "session")
            }
            #expect(try await alice.command(["action": "unfollow"]).status == 409)
        }
    }
}
