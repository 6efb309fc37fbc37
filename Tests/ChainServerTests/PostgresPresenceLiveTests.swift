import ChainModel
import ChainTestSupport
import Foundation
import Testing

@testable import ChainServer

/// Presence across two instances on one PostgreSQL database: each lists the other's sessions,
/// streams hear the other's moves, a window on one follows a session on the other, and a
/// session ended on one leaves the other's list.
@Suite("Presence, two instances on PostgreSQL")
struct PostgresPresenceLiveTests {
    /// Polls `GET /v1/presence` on `session`'s server until `until` holds of the list.
    static func presence(_ session: RemoteSession, until: (JSON) -> Bool) async throws -> JSON? {
        var last: JSON?
        for _ in 0..<100 {
            last = try await session.client.get("/v1/presence", token: session.token).json
            if let last, until(last) { return last }
            try await Task.sleep(for: .milliseconds(50))
        }
        return last
    }

    @Test func eachInstanceSeesAndFollowsTheOthersSessions() async throws {
        let (a, b, _) = try PostgresTwoInstancesLiveTests.twoServers()
        defer { a.stop(); b.stop() }
        let alice = try await a.client.createSession()
        let bob = try await b.client.createSession()
        let stream = try EventStreamClient.open(a, alice)
        defer { stream.close() }
        _ = try await stream.event("hello")

        try await bob.perform("openImage", ["image": "img-6"])
        let listed = try await Self.presence(alice) { PresenceLiveTests.entry($0, bob)?["shows"] == "img-6" }
        #expect(PresenceLiveTests.entry(listed, bob)?["shows"] == "img-6")
        var event = try await stream.event("presence")
        while PresenceLiveTests.entry(event.data, bob)?["shows"] != "img-6" { event = try await stream.event("presence") }

        let followed = try await alice.perform("follow", ["session": .string(bob.id)])
        #expect(followed["result"]?["image"] == "img-6")
        try await bob.perform("nextImage")
        #expect(try await PresenceLiveTests.window(alice, { $0["viewer"]?["image"] }, becomes: "img-7") == "img-7")

        _ = try await bob.client.send("DELETE", bob.path, token: bob.token)
        let gone = try await Self.presence(alice) { PresenceLiveTests.entry($0, bob) == nil }
        #expect(gone != nil && PresenceLiveTests.entry(gone, bob) == nil)
        // The follower lets go of a session that left.
        #expect(try await PresenceLiveTests.window(alice, { $0["following"] }, becomes: .null) == .null)
    }
}
