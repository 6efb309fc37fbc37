import ChainModel
import Foundation
import Testing

@testable import ChainServer

/// Stopping the app and starting a new one on the same data directory, live: acknowledged
/// ratings survive, the catalog is not seeded twice and sessions do not outlive the process.
@Suite("ChainServerApp restart, live")
struct ChainServerAppRestartTests {
    @Test func acknowledgedRatingsSurviveARestart() async throws {
        let directory = LiveServer.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let expected = [("img-1", 5), ("img-2", 0), ("img-3", 3), ("img-59", 1)]

        let first = try LiveServer(dataDirectory: directory)
        let oldSession: RemoteSession
        do {
            defer { first.stop() }
            oldSession = try await first.client.createSession()
            for (image, rating) in expected {
                try await oldSession.rate([image], rating)
            }
            try await oldSession.rate(["img-4"], 2)
            try await oldSession.rate(["img-4"], 4)
            try await oldSession.perform("undo")
        }

        let second = try LiveServer(dataDirectory: directory)
        defer { second.stop() }
        let session = try await second.client.createSession()
        for (image, rating) in expected {
            #expect(try await session.rating(of: image) == rating, "\(image)")
        }
        #expect(try await session.rating(of: "img-4") == 2)
        let listing = try await second.client.get("/v1/images?limit=500", token: session.token)
        #expect(listing["images"]?.arrayValue?.count == LiveServer.demoImages)
        expectProblem(try await second.client.get(oldSession.path, token: oldSession.token), 401, "unauthorized")
    }

    @Test func theRestartedChainValidatesAgainstStoredRatings() async throws {
        let directory = LiveServer.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            let first = try LiveServer(dataDirectory: directory)
            defer { first.stop() }
            try await first.client.createSession().rate(["img-8", "img-9"], 4)
        }

        let second = try LiveServer(dataDirectory: directory)
        defer { second.stop() }
        let session = try await second.client.createSession()
        try await session.perform("select", ["images": ["img-8", "img-9"]])

        let menu = try #require(try await session.menu().json)
        #expect(menu.menuItem("rating.4")?["state"] == "on")
        let increased = try await session.perform("increaseRating")
        #expect(increased["events"]?.arrayValue?.first?["images"] == [["id": "img-8", "rating": 5], ["id": "img-9", "rating": 5]])
    }
}
