import ChainModel
import Foundation
import Testing

@testable import ChainServer

/// Watched controls, live: declared with `PUT …/watches`, validated as menu items (`GET`, with
/// an ETag), and pushed in the `menu` events under their ids when another session's change
/// moves them.
@Suite("Watched controls, live")
struct WatchRoutesTests {
    static let toolbar: JSON = ["items": [
        ["id": "tb.pick", "action": "setFlag", "args": ["flag": "pick"]],
        ["id": "tb.five", "action": "setRating", "args": ["rating": 5], "title": "Five Stars"],
        ["id": "tb.undo", "action": "undo", "target": "main"],
    ]]

    static func put(_ session: RemoteSession, _ body: JSON) async throws -> LiveResponse {
        try await session.client.send("PUT", session.path + "/watches", json: body, token: session.token)
    }

    @Test func controlsAreValidatedLikeMenuItemsWithAnETag() async throws {
        try await LiveServer.withSession { _, session in
            let put = try await Self.put(session, Self.toolbar)
            #expect(put.status == 200, "\(put.text.prefix(300))")
            let items = try #require(put["items"]?.arrayValue)
            #expect(items.map { $0["id"] } == ["tb.pick", "tb.five", "tb.undo"])
            #expect(items[0]["title"] == "Pick", "untitled: the menu item's title for the same command")
            #expect(items[1]["title"] == "Five Stars")
            #expect(items.allSatisfy { $0["enabled"] == false }, "nothing selected, nothing to undo")
            #expect(items[2]["target"] == "main")

            try await session.perform("select", ["images": ["img-2"]])
            try await session.perform("setRating", ["rating": 5])
            let got = try await session.client.get(session.path + "/watches", token: session.token)
            let tag = try #require(got.header("ETag"))
            let now = try #require(got["items"]?.arrayValue)
            #expect(now[0]["enabled"] == true)
            #expect(now[1]["state"] == "on")
            #expect(now[2]["title"] == "Undo Set Rating")
            let again = try await session.client.send("GET", session.path + "/watches", token: session.token, headers: ["If-None-Match": tag])
            #expect(again.status == 304)
            // An empty set takes them all away.
            #expect(try await Self.put(session, ["items": []])["items"] == [])
        }
    }

    @Test func aControlFollowsAnotherSessionsChangeThroughTheMenuEvent() async throws {
        try await LiveServer.withSession { server, session in
            try await session.perform("select", ["images": ["img-7"]])
            #expect(try await Self.put(session, Self.toolbar).status == 200)
            let stream = try EventStreamClient.open(server, session)
            let hello = try await stream.event("hello")
            #expect(hello["watches"]?["items"]?.arrayValue?.first { $0["id"] == "tb.five" }?["state"] == "off")

            let other = try await server.client.createSession()
            try await other.perform("select", ["images": ["img-7"]])
            try await other.perform("setRating", ["rating": 5])
            let menu = try await stream.eventAfterOthers("menu").event
            let five = try #require(menu["items"]?.arrayValue?.first { $0["id"] == "tb.five" })
            #expect(five["state"] == "on")
        }
    }

    @Test func badDeclarationsAreRefusedAndChangeNothing() async throws {
        try await LiveServer.withUnchangedSession { _, session in
            let bodies: [(JSON, Int, String, String)] = [
                (["items": "tb"], 422, "invalid-argument", "items"),
                (["controls": []], 422, "invalid-argument", "controls"),
                (["items": [["id": "", "action": "undo"]]], 422, "invalid-argument", "items[0].id"),
                (["items": [["id": "a b", "action": "undo"]]], 422, "invalid-argument", "items[0].id"),
                (["items": [["id": "x", "action": "undo"], ["id": "x", "action": "redo"]]], 422, "invalid-argument", "items[1].id"),
                (["items": [["id": "undo", "action": "undo"]]], 422, "invalid-argument", "items[0].id"),
                (["items": [["id": "x", "action": "fly"]]], 404, "not-found", "items[0].action"),
                (["items": [["id": "x", "action": "undo", "args": [1]]]], 422, "invalid-argument", "items[0].args"),
                (["items": [["id": "x", "action": "undo", "target": "w7"]]], 404, "not-found", "items[0].target"),
                (["items": [["id": "x", "action": "undo", "colour": "red"]]], 422, "invalid-argument", "items[0].colour"),
                (["items": .array((0...WatchedControl.maxCount).map { ["id": .string("c\($0)"), "action": "undo"] })], 422, "invalid-argument", "items"),
            ]
            for (body, status, slug, field) in bodies {
                let answer = try await Self.put(session, body)
                expectProblem(answer, status, slug)
                #expect(answer["field"]?.stringValue == field, "\(body.text.prefix(120))")
            }
            let none = try await session.client.get(session.path + "/watches", token: session.token)
            #expect(none["items"] == [])
        }
    }
}
