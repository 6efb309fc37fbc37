import ChainPostgreSQL
import ChainTestSupport
import Foundation
import Testing

@testable import ChainServer

/// A whole server on PostgreSQL, live, while its database goes away and comes back.
@Suite("PostgreSQL storage, live")
struct PostgresLiveTests {
    @Test func commandsAnswer503WhileTheDatabaseIsDownAndNothingAcknowledgedIsLost() async throws {
        let cluster = try PostgresCluster.startPrivate()
        defer { cluster.remove() }
        let location = try StorageEngine.postgres.makeLocation(in: cluster)
        defer { try? FileManager.default.removeItem(atPath: location.directory) }
        let server = try LiveServer(dataDirectory: location.directory, location.configure)
        defer { server.stop() }
        let session = try await server.client.createSession()
        try await session.rate(["img-1"], 5)
        let before = try await session.state()

        try cluster.stopServer()
        let refused = try await session.command(["action": "setRating", "args": ["rating": 1]])
        expectProblem(refused, 503, "storage-unavailable")
        // Nothing changed, and what is served from memory still answers.
        #expect(try await session.state() == before)
        let menu = try await session.menu()
        #expect(menu.status == 200)
        #expect(menu.json?.menuItem("rating.5")?["state"] == "on", "the menu still shows the committed rating")
        // A token this instance does not hold may name a session another instance stored:
        // with the database away, that cannot be known, so it is 503, not 401.
        let unknown = try await server.client.get(session.path + "/menu", token: "not-held-here")
        expectProblem(unknown, 503, "storage-unavailable")

        try cluster.startServer()
        expectProblem(try await server.client.get(session.path + "/menu", token: "not-held-here"), 401, "unauthorized")
        #expect(try await session.rating(of: "img-1") == 5)
        try await session.rate(["img-2"], 3)
        #expect(try await session.ratings(of: ["img-1", "img-2"]) == [5, 3])

        // What the database holds is what was acknowledged.
        let connection = try PostgresConnection(url: try #require(location.url))
        defer { connection.close() }
        let stored = try connection.query("SELECT rating::int8 FROM image_values WHERE id IN (1, 2) ORDER BY id")
        let ratings: [Int] = [stored.int(0, 0), stored.int(1, 0)]
        #expect(ratings == [5, 3])
    }
}
