import Foundation
import Testing

@testable import ChainServer

/// Commands in each of their wire forms, with explicit targets, traces and key equivalents, live.
@Suite("Command routes, live")
struct CommandRoutesTests {
    @Test func actionFormAnswersActionPerformerResultEventsAndSession() async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()

            let response = try await session.command(["action": "select", "args": ["images": ["img-2", "img-5"]]])

            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json; charset=utf-8")
            #expect(response["action"] == "select")
            #expect(response["handledBy"] == "main/grid")
            #expect(response["result"]?["count"] == 2)
            let event = response["events"]?.arrayValue?.first
            #expect(event?["type"] == "selectionChanged")
            #expect(event?["selection"] == ["img-2", "img-5"])
            #expect(response["session"]?["id"]?.stringValue == session.id)
            #expect(response["session"]?["windows"]?.arrayValue?.first?["grid"]?["selection"] == ["img-2", "img-5"])
            #expect(response["trace"] == nil)
        }
    }

    @Test func itemFormPerformsTheMenuItemsActionAndArgs() async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()
            try await session.perform("select", ["images": ["img-1", "img-2"]])

            let response = try await session.command(["item": "rating.4"])

            #expect(response.status == 200)
            #expect(response["action"] == "setRating")
            #expect(response["handledBy"] == "main/grid")
            #expect(response["result"]?["rating"] == 4)
            #expect(response["result"]?["count"] == 2)
            let event = response["events"]?.arrayValue?.first
            #expect(event?["type"] == "ratingChanged")
            #expect(event?["images"] == [["id": "img-1", "rating": 4], ["id": "img-2", "rating": 4]])
            #expect(try await session.ratings(of: ["img-1", "img-2"]) == [4, 4])
        }
    }

    @Test func identifierFormIgnoresItsPrefix() async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()
            try await session.perform("select", ["images": ["img-3"]])

            let response = try await session.command(["identifier": #"menu.image.setRating("rating": 2)"#])

            #expect(response.status == 200)
            #expect(response["action"] == "setRating")
            #expect(response["result"]?["rating"] == 2)
            #expect(try await session.rating(of: "img-3") == 2)
        }
    }

    @Test func explicitTargetStartsTheWalkThere() async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()
            try await session.rate(["img-1", "img-2", "img-5"], 0)
            try await session.perform("select", ["images": ["img-1", "img-2"]])
            try await session.perform("openImage", ["image": "img-5"])

            let viewer = try await session.command(["action": "setRating", "args": ["rating": 1]])
            #expect(viewer.status == 200)
            #expect(viewer["handledBy"] == "main/grid/viewer")
            #expect(try await session.ratings(of: ["img-1", "img-2", "img-5"]) == [0, 0, 1])

            let grid = try await session.command(["action": "setRating", "args": ["rating": 3], "target": "main/grid"])
            #expect(grid.status == 200)
            #expect(grid["handledBy"] == "main/grid")
            #expect(try await session.ratings(of: ["img-1", "img-2", "img-5"]) == [3, 3, 1])
            #expect(grid["session"]?["firstResponder"] == "main/grid/viewer")
        }
    }

    @Test func explicitTargetAboveTheHandlersIsUnhandled() async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()
            try await session.perform("select", ["images": ["img-1"]])

            let response = try await session.command(["action": "setRating", "args": ["rating": 3], "target": "app"])

            expectProblem(response, 409, "unhandled")
            #expect(response["chain"] == ["app"])
        }
    }

    @Test func explainAddsTheWalksTrace() async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()
            try await session.perform("select", ["images": ["img-1"]])

            let plain = try await session.command(["action": "deselectAll"])
            #expect(plain.status == 200)
            #expect(plain["trace"] == nil)

            let opened = try await session.command(["action": "newWindow", "args": ["kind": "viewer", "image": "img-1"]], explain: true)

            #expect(opened.status == 200)
            let trace = try #require(opened["trace"]?.arrayValue)
            #expect(trace.map { $0["responder"] } == ["main/grid", "main", "app"])
            #expect(trace.map { $0["handles"] } == [false, false, true])
            #expect(trace.last?["verdict"] == "enabled")
            #expect(trace.allSatisfy { $0["explanation"]?.stringValue?.isEmpty == false })
            #expect(opened["handledBy"] == "app")
            #expect(opened["session"]?["firstResponder"] == "w2/viewer")
        }
    }

    @Test func keyEquivalentPerformsItsMenuItem() async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()
            try await session.rate(["img-1", "img-2"], 1)

            let response = try await session.key("5")

            #expect(response.status == 200)
            #expect(response["action"] == "setRating")
            #expect(response["handledBy"] == "main/grid")
            #expect(response["result"]?["rating"] == 5)
            #expect(try await session.ratings(of: ["img-1", "img-2"]) == [5, 5])
        }
    }

    @Test func commandZUndoesTheLastRating() async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()
            try await session.rate(["img-1", "img-2"], 1)
            #expect(try await session.key("5").status == 200)

            let undo = try await session.key("z", ["command"])

            #expect(undo.status == 200)
            #expect(undo["action"] == "undo")
            #expect(undo["handledBy"] == "main")
            #expect(undo["result"]?["undone"] == "Set Rating")
            #expect(try await session.ratings(of: ["img-1", "img-2"]) == [1, 1])

            let redo = try await session.key("z", ["shift", "command"])
            #expect(redo.status == 200)
            #expect(redo["action"] == "redo")
            #expect(try await session.ratings(of: ["img-1", "img-2"]) == [5, 5])
        }
    }

    @Test func keyWithoutAMenuItemIsNotFound() async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()

            expectProblem(try await session.key("5", ["command"]), 404, "not-found")
            expectProblem(try await session.key("q", ["command"]), 404, "not-found")
        }
    }
}
