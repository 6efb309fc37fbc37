import Foundation
import Testing

@testable import ChainServer

/// Undo and redo of rating changes over HTTP, live: each image gets its own previous rating
/// back, and the menu names what would be undone.
@Suite("Command routes undo, live")
struct CommandRoutesUndoTests {
    static let images = imageIDs(11...14)
    static let distinct = [1, 2, 3, 4]

    /// Gives each of `images` its own rating, then all of them five stars at once.
    static func rateApartThenTogether(_ session: RemoteSession) async throws {
        for (image, rating) in zip(images, distinct) {
            try await session.rate([image], rating)
        }
        try await session.rate(images, 5)
        try #require(try await session.ratings(of: images) == [5, 5, 5, 5])
    }

    @Test func undoRestoresEachImagesPreviousRating() async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()
            try await Self.rateApartThenTogether(session)

            let undo = try await session.perform("undo")

            #expect(undo["handledBy"] == "main")
            #expect(undo["result"]?["undone"] == "Set Rating")
            let changed = undo["events"]?.arrayValue?.first?["images"]?.arrayValue ?? []
            #expect(changed.map { $0["id"]?.stringValue ?? "" } == Self.images)
            #expect(changed.map { $0["rating"]?.intValue ?? -1 } == Self.distinct)
            #expect(try await session.ratings(of: Self.images) == Self.distinct)
        }
    }

    @Test func redoAppliesTheChangeAgainAndUndoRestoresAgain() async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()
            let original = try await session.ratings(of: Self.images)
            try await Self.rateApartThenTogether(session)
            try await session.perform("undo")

            let redo = try await session.perform("redo")

            #expect(redo["result"]?["redone"] == "Set Rating")
            #expect(try await session.ratings(of: Self.images) == [5, 5, 5, 5])
            try await session.perform("undo")
            #expect(try await session.ratings(of: Self.images) == Self.distinct)
            try await session.perform("undo")
            #expect(try await session.ratings(of: Self.images) == Self.distinct.dropLast() + [original[3]])
        }
    }

    @Test func menuNamesWhatUndoAndRedoWouldDo() async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()
            let fresh = try #require(try await session.menu().json)
            #expect(fresh.menuItem("undo")?["title"] == "Undo")
            #expect(fresh.menuItem("undo")?["enabled"] == false)
            try await Self.rateApartThenTogether(session)

            let rated = try #require(try await session.menu().json)
            #expect(rated.menuItem("undo")?["title"] == "Undo Set Rating")
            #expect(rated.menuItem("undo")?["enabled"] == true)
            #expect(rated.menuItem("redo")?["title"] == "Redo")
            #expect(rated.menuItem("redo")?["enabled"] == false)

            try await session.perform("undo")
            let undone = try #require(try await session.menu().json)
            #expect(undone.menuItem("redo")?["title"] == "Redo Set Rating")
            #expect(undone.menuItem("redo")?["enabled"] == true)
            #expect(undone.menuItem("undo")?["title"] == "Undo Set Rating")

            try await session.perform("increaseRating")
            let increased = try #require(try await session.menu().json)
            #expect(increased.menuItem("undo")?["title"] == "Undo Increase Rating")
            #expect(increased.menuItem("redo")?["enabled"] == false)
            let state = try await session.state()
            #expect(state["windows"]?.arrayValue?.first?["undo"] == ["undo": "Increase Rating", "redo": .null, "undoDepth": 5, "redoDepth": 0])  // four ratings apart, one together, one undone, one increase
        }
    }

    @Test func undoIsPerWindow() async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()
            try await session.rate(["img-20"], 1)
            try await session.rate(["img-20"], 4)
            try await session.perform("newWindow", ["kind": "browser"])

            let other = try await session.command(["action": "undo"])
            expectProblem(other, 409, "disabled")
            try await session.perform("focus", ["responder": "main/grid"])
            try await session.perform("undo")

            #expect(try await session.rating(of: "img-20") == 1)
        }
    }
}
