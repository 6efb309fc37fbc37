import ChainModel
import ChainTestSupport
import Foundation
import Testing

@testable import ChainServer

/// Stopping the app and starting a new one on the same data directory, live: acknowledged
/// ratings survive, the catalog is not seeded twice, and sessions carry on where they were.
@Suite("ChainServerApp restart, live")
struct ChainServerAppRestartTests {
    @Test(arguments: StorageEngine.allCases)
    func acknowledgedRatingsSurviveARestart(engine: StorageEngine) async throws {
        try await engine.withLocation { location in try await Self.ratingsSurviveARestart(at: location) }
    }

    private static func ratingsSurviveARestart(at location: StorageLocation) async throws {
        let directory = location.directory
        let expected = [("img-1", 5), ("img-2", 0), ("img-3", 3), ("img-59", 1)]

        let first = try LiveServer(dataDirectory: directory, location.configure)
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

        let second = try LiveServer(dataDirectory: directory, location.configure)
        defer { second.stop() }
        let session = try await second.client.createSession()
        for (image, rating) in expected {
            #expect(try await session.rating(of: image) == rating, "\(image)")
        }
        #expect(try await session.rating(of: "img-4") == 2)
        let listing = try await second.client.get("/v1/images?limit=500", token: session.token)
        #expect(listing["images"]?.arrayValue?.count == LiveServer.demoImages)
        // The old session carries on with its old token.
        #expect(try await second.client.get(oldSession.path, token: oldSession.token).status == 200)
    }

    @Test(arguments: StorageEngine.allCases)
    func aSessionCarriesOnAfterARestartWithItsWindowsSelectionUndoAndHandlers(engine: StorageEngine) async throws {
        try await engine.withLocation { location in try await Self.sessionCarriesOnAfterARestart(at: location) }
    }

    private static func sessionCarriesOnAfterARestart(at location: StorageLocation) async throws {
        let directory = location.directory
        let first = try LiveServer(dataDirectory: directory, location.configure)
        let session: RemoteSession
        let before: JSON
        let handler: JSON
        do {
            defer { first.stop() }
            session = try await first.client.createSession()
            try await session.rate(["img-1", "img-2", "img-3"], 0)
            try await session.rate(["img-1", "img-2"], 3)
            try await session.rate(["img-2", "img-3"], 5)
            try await session.perform("setLabel", ["label": "red"])
            try await session.perform("undo")  // the label: on the redo stack now
            try await session.perform("openImage", ["image": "img-7"])
            try await session.command(["action": "focus", "args": ["responder": "main/grid"]])
            // The grid's layout, cursor and anchor: two rows down from img-2, extending.
            try await session.perform("setLayout", ["columns": 4])
            try await session.perform("select", ["images": ["img-2"]])
            #expect(try await session.key("downArrow", ["shift"]).status == 200)
            let registered = try await first.client.post(
                session.path + "/handlers", ["responder": "main/grid", "action": "exportSelection", "undoName": "Export"],
                token: session.token)
            try #require(registered.status == 201, "\(registered.text)")
            handler = try #require(registered.json)
            let watched = try await first.client.send("PUT", session.path + "/watches", json: WatchRoutesTests.toolbar, token: session.token)
            try #require(watched.status == 200, "\(watched.text)")
            try await session.perform("toggleAutoAdvance")
            before = try await session.state()
        }

        let second = try LiveServer(dataDirectory: directory, location.configure)
        defer { second.stop() }
        let restored = RemoteSession(id: session.id, token: session.token, client: second.client)
        #expect(try await restored.state() == before)
        #expect(before["windows"]?.arrayValue?.first?["autoAdvance"] == true)
        // The anchor came back too: one more row extends the range from img-2, not from the cursor.
        let extended = try await restored.key("downArrow", ["shift"])
        #expect(extended["result"]?["count"] == 9, "\(extended.text.prefix(300))")
        let handlers = try await second.client.get(session.path + "/handlers", token: session.token)
        #expect(handlers["handlers"]?.arrayValue?.first?["id"] == handler["id"])
        let watches = try await second.client.get(session.path + "/watches", token: session.token)
        #expect(watches["items"]?.arrayValue?.map { $0["id"] } == ["tb.pick", "tb.five", "tb.undo"])
        // The stacks came back: redo puts the label back, then two undos take the ratings back.
        #expect(try #require(try await restored.menu().json).menuItem("redo")?["title"] == "Redo Set Label")
        try await restored.perform("redo")
        try await restored.perform("undo")
        try await restored.perform("undo")
        #expect(try await restored.ratings(of: ["img-1", "img-2", "img-3"]) == [3, 3, 0])
        try await restored.perform("undo")
        #expect(try await restored.ratings(of: ["img-1", "img-2", "img-3"]) == [0, 0, 0])
        // New windows do not reuse the restored one's name.
        let opened = try await restored.perform("newWindow")
        let windows = opened["session"]?["windows"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        #expect(Set(windows).count == windows.count)
    }

    @Test func anEndedSessionStaysEndedAfterARestart() async throws {
        try await LiveServer.acrossRestart(before: { first, session in
            try await session.perform("select", ["images": ["img-1"]])
            #expect(try await first.client.send("DELETE", session.path, token: session.token).status == 204)
        }, after: { second, session in
            expectProblem(try await second.client.get(session.path, token: session.token), 401, "unauthorized")
        })
    }

    @Test func theRestartedChainValidatesAgainstStoredRatings() async throws {
        let directory = TemporaryDirectory.make()
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
