import ChainModel
import Foundation
import Testing

@testable import ChainServer

/// Keys through the chain, live: `POST …/keys` resolves bindings along the chain before menu
/// key equivalents and says what took the key; `GET …/keys` is the cheat sheet, with an ETag.
@Suite("Keys through the chain, live")
struct KeyRoutesTests {
    private static func grid(_ answer: LiveResponse) -> JSON? { answer["session"]?["windows"]?.arrayValue?.first?["grid"] }

    @Test func arrowsMoveTheGridsCursorAndSayWhatTookTheKey() async throws {
        try await LiveServer.withSession { _, session in
            let first = try await session.key("rightArrow")
            #expect(first.status == 200, "\(first.text.prefix(300))")
            #expect(first["action"] == "moveSelection")
            #expect(first["resolvedBy"]?["binding"]?["responder"] == "grid")
            #expect(first["resolvedBy"]?["binding"]?["args"] == ["direction": "right"])
            #expect(first["resolvedBy"]?["menuItem"] == .null)
            #expect(first["resolvedBy"]?["responder"] == "main/grid")
            #expect(Self.grid(first)?["cursor"] == "img-1")
            #expect(Self.grid(first)?["selection"] == ["img-1"])

            try await session.perform("setLayout", ["columns": 5])
            let down = try await session.key("downArrow", ["shift"])
            #expect(Self.grid(down)?["cursor"] == "img-6")
            #expect(Self.grid(down)?["columns"] == 5)
            #expect(Self.grid(down)?["selection"] == ["img-1", "img-2", "img-3", "img-4", "img-5", "img-6"])

            // At the start, ← is the grid's and disabled: 409, and nothing moves.
            try await session.key("home")
            let blocked = try await session.key("leftArrow")
            expectProblem(blocked, 409, "disabled")
            #expect(blocked["reason"] == "at the start of the grid")
            #expect(try await session.state()["windows"]?.arrayValue?.first?["grid"]?["cursor"] == "img-1")
        }
    }

    @Test func theViewerTakesTheArrowsWhenItHasFocusAndMenusTakeUnboundKeys() async throws {
        try await LiveServer.withSession { _, session in
            try await session.perform("select", ["images": ["img-4"]])
            let opened = try await session.key("return")
            #expect(opened["resolvedBy"]?["menuItem"] == "openImage")
            #expect(opened["resolvedBy"]?["binding"] == .null)
            let next = try await client(session).post(session.path + "/keys?explain=1", ["key": "rightArrow"], token: session.token)
            #expect(next["action"] == "nextImage")
            #expect(next["handledBy"] == "main/grid/viewer")
            #expect(next["result"]?["image"] == "img-5")
            #expect(next["trace"]?.arrayValue?.first?["verdict"] == "enabled")
            // A key no responder binds and no item has.
            let nothing = try await session.key("q", ["command", "shift"])
            expectProblem(nothing, 404, "not-found")
            #expect(nothing["field"] == "key")
        }
    }

    @Test func theCheatSheetFollowsTheChainWithAnETag() async throws {
        try await LiveServer.withSession { _, session in
            let sheet = try await session.client.get(session.path + "/keys", token: session.token)
            #expect(sheet.status == 200)
            let tag = try #require(sheet.header("ETag"))
            let keys = try #require(sheet["keys"]?.arrayValue)
            let right = keys.filter { $0["key"] == "rightArrow" && $0["modifiers"] == [] }
            // The grid's → shadows the View menu's → (Next Image): listed once.
            #expect(right.count == 1)
            #expect(right.first?["action"] == "moveSelection")
            #expect(right.first?["source"] == "binding")
            #expect(right.first?["title"] == "Move Right")
            #expect(right.first?["responder"] == "main/grid")
            #expect(keys.contains { $0["key"] == "z" && $0["source"] == "menu" && $0["title"] == "Undo" && $0["enabled"] == false })

            let again = try await session.client.send("GET", session.path + "/keys", token: session.token, headers: ["If-None-Match": tag])
            #expect(again.status == 304)
            #expect(again.header("ETag") == tag)
            // A write anywhere in the catalog, or a move of the session, gives a new sheet.
            try await session.perform("select", ["images": ["img-2"]])
            try await session.perform("openImage")
            let moved = try await session.client.send("GET", session.path + "/keys", token: session.token, headers: ["If-None-Match": tag])
            #expect(moved.status == 200)
            #expect(moved["firstResponder"] == "main/grid/viewer")
            let viewerRight = moved["keys"]?.arrayValue?.first { $0["key"] == "rightArrow" && $0["modifiers"] == [] }
            #expect(viewerRight?["action"] == "nextImage")
            #expect(viewerRight?["responder"] == "main/grid/viewer")
            #expect(viewerRight?["enabled"] == true)
        }
    }

    @Test func badLayoutsAndMovesAreRefusedAndChangeNothing() async throws {
        try await LiveServer.withUnchangedSession { _, session in
            for args: JSON in [["columns": 0], ["columns": 101], ["columns": "4"], ["columns": 2, "rows": 3]] {
                expectProblem(try await session.command(["action": "setLayout", "args": args]), 422, "invalid-argument")
            }
            for args: JSON in [["direction": "north"], ["direction": "up", "extend": "yes"], [:]] {
                expectProblem(try await session.command(["action": "moveSelection", "args": args]), 422, "invalid-argument")
            }
        }
    }

    private func client(_ session: RemoteSession) -> LiveClient { session.client }
}

/// Context menus, live: validated from the responder clicked, as a right-click on an image
/// would leave the session, without changing it; rendered once with an ETag.
@Suite("Context menus, live")
struct ContextMenuRoutesTests {
    private static func item(_ items: JSON?, _ id: String) -> JSON? {
        for entry in items?.arrayValue ?? [] {
            if entry["id"]?.stringValue == id, entry["action"] != nil { return entry }
            if let found = item(entry["items"], id) { return found }
        }
        return nil
    }

    @Test func aRightClickOnAnUnselectedImageValidatesItAloneAndChangesNothing() async throws {
        try await LiveServer.withUnchangedSession { _, session in
            // img-1 and img-2 are selected and rated 5; img-9 is not selected.
            let path = session.path + "/context-menu?responder=main/grid&image=img-9"
            let menu = try await session.client.get(path, token: session.token)
            #expect(menu.status == 200, "\(menu.text.prefix(300))")
            #expect(menu["responder"] == "main/grid")
            #expect(menu["image"] == "img-9")
            let rating = try await session.rating(of: "img-9")
            #expect(Self.item(menu["items"], "rating.\(rating)")?["state"] == "on")
            #expect(Self.item(menu["items"], "rating.5")?["state"] == (rating == 5 ? "on" : "off"))
            #expect(Self.item(menu["items"], "openImage")?["enabled"] == true)
            let tag = try #require(menu.header("ETag"))
            let again = try await session.client.send("GET", path, token: session.token, headers: ["If-None-Match": tag])
            #expect(again.status == 304)
            // On a selected image, the selection stands: both five stars.
            let selected = try await session.client.get(session.path + "/context-menu?responder=main/grid&image=img-2", token: session.token)
            #expect(Self.item(selected["items"], "rating.5")?["state"] == "on")
            #expect(selected.header("ETag") != tag)
        }
    }

    @Test func theViewersMenuWalksFromTheViewer() async throws {
        try await LiveServer.withSession { _, session in
            try await session.perform("openImage", ["image": "img-4"])
            try await session.perform("focus", ["responder": "main/grid"])
            let menu = try await session.client.get(session.path + "/context-menu?responder=main/grid/viewer&explain=1", token: session.token)
            #expect(menu.status == 200)
            #expect(Self.item(menu["items"], "closeViewer")?["enabled"] == true)
            #expect(Self.item(menu["items"], "nextImage")?["target"] == "main/grid/viewer")
            #expect(Self.item(menu["items"], "nextImage")?["trace"]?.arrayValue?.first?["responder"] == "main/grid/viewer")
            // Without a responder: the first responder's (the grid's) menu.
            let grid = try await session.client.get(session.path + "/context-menu", token: session.token)
            #expect(grid["responder"] == "main/grid")
        }
    }

    @Test func badQueriesAreRefused() async throws {
        try await LiveServer.withUnchangedSession { _, session in
            let cases: [(String, Int, String)] = [
                ("responder=main//grid", 422, "invalid-argument"),
                ("responder=w9/grid", 404, "not-found"),
                ("responder=main", 404, "not-found"),
                ("responder=main/grid&image=picture", 422, "invalid-argument"),
                ("responder=main/grid&image=img-999999", 404, "not-found"),
                ("responder=main/grid/viewer&image=img-1", 422, "invalid-argument"),
            ]
            for (query, status, slug) in cases {
                expectProblem(try await session.client.get(session.path + "/context-menu?" + query, token: session.token), status, slug)
            }
        }
    }
}
