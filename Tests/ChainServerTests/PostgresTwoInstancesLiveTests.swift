import ChainModel
import Foundation
import Testing

@testable import ChainServer

/// Two whole servers, live, in front of one PostgreSQL database: a session is served by
/// either, each one's streams hear what the other commits, and concurrent writes through
/// both all count.
@Suite("PostgreSQL, two instances live")
struct PostgresTwoInstancesLiveTests {
    /// Two servers on one new database (each with a data directory of its own), configured
    /// further by `more`.
    static func twoServers(_ more: (inout ServerConfiguration) -> Void = { _ in }) throws -> (LiveServer, LiveServer, URL: String) {
        let url = try PostgresCluster.start().createDatabase()
        func configure(_ configuration: inout ServerConfiguration) {
            configuration.databaseURL = url
            configuration.durability = .off
            more(&configuration)
        }
        let a = try LiveServer(configure)
        do {
            return (a, try LiveServer(configure), url)
        } catch {
            a.stop()
            throw error
        }
    }

    @Test func aSessionCreatedOnATakesACommandOnBAndAsStreamSeesIt() async throws {
        let (a, b, _) = try Self.twoServers()
        defer { a.stop(); b.stop() }
        let onA = try await a.client.createSession()
        try await onA.rate(["img-3"], 0)
        try await onA.perform("select", ["images": ["img-4"]])
        let stream = try EventStreamClient.open(a, onA)
        _ = try await stream.event("hello")

        // The same session, through B: loaded there when first touched.
        let onB = RemoteSession(id: onA.id, token: onA.token, client: b.client)
        try await onB.rate(["img-3"], 4)
        #expect(try await onB.rating(of: "img-3") == 4)

        // A's stream hears the commit (its `catalog` event) and takes the session again as B
        // left it (a `menu` event with the new selection's rating), in either order.
        var heardCommit = false
        var heardMenu = false
        while !(heardCommit && heardMenu) {
            let event = try await stream.event()
            let items = event["items"]?.arrayValue ?? []
            let images = event["images"]?.arrayValue ?? []
            if event.name == "catalog", images.contains(where: { $0["id"] == "img-3" && $0["rating"]?.intValue == 4 }) { heardCommit = true }
            if event.name == "menu", items.contains(where: { $0["id"] == "rating.4" && $0["state"] == "on" }) { heardMenu = true }
        }
        #expect(try await onA.state()["version"] == (try await onB.state())["version"])

        // And the session goes on on A from there: the selection B made is A's too.
        try await onA.perform("increaseRating")
        #expect(try await onB.rating(of: "img-3") == 5)
        #expect(try await onA.menu().json?.menuItem("rating.5")?["state"] == "on")
    }

    /// Two sessions, one on each instance, raise the same images at once: every increase
    /// counts, none is computed from a value the other instance had already replaced.
    @Test func increasesThroughBothInstancesAtOnceAllCount() async throws {
        let (a, b, _) = try Self.twoServers()
        defer { a.stop(); b.stop() }
        let images = imageIDs(10...19)
        let onA = try await a.client.createSession()
        let onB = try await b.client.createSession()
        try await onA.rate(images, 0)
        try await onB.perform("select", ["images": .array(images.map(JSON.string))])
        async let raisedOnA: Void = Self.raise(onA, times: 2)
        async let raisedOnB: Void = Self.raise(onB, times: 2)
        _ = try await (raisedOnA, raisedOnB)
        #expect(try await onA.ratings(of: images) == Array(repeating: 4, count: images.count))
        #expect(try await onB.ratings(of: images) == Array(repeating: 4, count: images.count))
    }

    private static func raise(_ session: RemoteSession, times: Int) async throws {
        for _ in 0..<times { try await session.perform("increaseRating") }
    }

    /// One session used through both instances in turn, with no affinity: every command is
    /// answered 200, each one computed from the state the other left (a stale copy's write is
    /// refused by the session's version, taken again and walked again, unseen by the client).
    @Test func aSessionUsedThroughBothInstancesInTurnAnswersEveryCommand() async throws {
        let (a, b, _) = try Self.twoServers()
        defer { a.stop(); b.stop() }
        let onA = try await a.client.createSession()
        let onB = RemoteSession(id: onA.id, token: onA.token, client: b.client)
        try await onA.rate(["img-30"], 0)
        for round in 0..<5 {
            let through = round.isMultiple(of: 2) ? onA : onB
            try await through.perform("increaseRating")
            try await through.perform("select", ["images": ["img-30", .string("img-\(31 + round)")]])
            try await through.perform("select", ["images": ["img-30"]])
        }
        #expect(try await onA.rating(of: "img-30") == 5)
        let stateOnA = try await onA.state()
        let stateOnB = try await onB.state()
        #expect(stateOnA["version"] == stateOnB["version"])
        // Undo walks back through commands made on both instances: the last increase was A's,
        // the one before it B's.
        try await onB.perform("undo")
        #expect(try await onA.rating(of: "img-30") == 4)
        try await onA.perform("undo")
        #expect(try await onB.rating(of: "img-30") == 3)
    }

    /// A session ended on one instance is ended on the other, which held it.
    @Test func aSessionDeletedOnOneInstanceEndsOnTheOther() async throws {
        let (a, b, _) = try Self.twoServers()
        defer { a.stop(); b.stop() }
        let onA = try await a.client.createSession()
        let onB = RemoteSession(id: onA.id, token: onA.token, client: b.client)
        try await onB.perform("select", ["images": ["img-1"]])
        let deleted = try await a.client.send("DELETE", onA.path, token: onA.token)
        #expect(deleted.status == 204)
        let deadline = ContinuousClock.now + .seconds(10)
        while try await onB.menu().status != 401, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(try await onB.menu().status == 401)
    }
}
