import ChainModel
import Foundation
import Testing

@testable import ChainServer

/// Items and key bindings a remote handler contributes, live: they appear in the menu where
/// they ask, disabled while the handler is not live, come and go in `menu` events, answer
/// keys, and a key already in force is refused naming what holds it.
@Suite("Contributed items, live")
struct ContributedItemRoutesTests {
    static let export: JSON = [
        "responder": "main/grid", "action": "exportSelection", "undoName": "Export",
        "menuItems": [["menu": "image", "after": "autoRate", "id": "export", "title": "Export…", "key": "e", "modifiers": ["command"]]],
        "keyBindings": [["key": "e", "modifiers": [], "args": ["quick": true]]],
    ]

    static func menuItem(_ menu: JSON?, _ id: String) -> JSON? {
        for entry in menu?["menus"]?.arrayValue ?? [] + (menu?["items"]?.arrayValue ?? []) {
            if entry["id"]?.stringValue == id { return entry }
            if let found = menuItem(["items": entry["items"] ?? []], id) { return found }
        }
        return nil
    }

    @Test func itemsComeAndGoWithTheirHandlerAndAreDisabledWhileItIsNotLive() async throws {
        try await LiveServer.withSession { server, session in
            let registered = try await server.client.post(session.path + "/handlers", Self.export, token: session.token)
            #expect(registered.status == 201, "\(registered.text.prefix(300))")
            #expect(registered["menuItems"]?.arrayValue?.first?["id"] == "h-1.export")
            // No stream open: the handler is not live, its item is there but disabled.
            let offline = try await session.menu().json
            let item = Self.menuItem(offline, "h-1.export")
            #expect(item?["enabled"] == false)
            #expect(item?["target"] == .null)
            #expect(item?["key"] == "e")
            let image = offline?["menus"]?.arrayValue?.first { $0["id"] == "image" }?["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
            let position = image?.firstIndex(of: "autoRate")
            #expect(position.map { image?[$0 + 1] } == "h-1.export")

            let stream = try EventStreamClient.open(server, session)
            _ = try await stream.event("hello")
            let live = try await session.menu().json
            #expect(Self.menuItem(live, "h-1.export")?["enabled"] == true)
            #expect(Self.menuItem(live, "h-1.export")?["target"] == "main/grid")
            // Its key resolves to it (a dry run asks the walk without calling the client).
            let key = try await session.client.post(session.path + "/keys?dryRun=1", ["key": "e"], token: session.token)
            #expect(key["resolvedBy"]?["binding"]?["handler"] == "h-1", "\(key.text.prefix(300))")
            #expect(key["handledBy"] == "main/grid")

            // A second handler arrives while the stream is open: the menu event adds its item.
            var second = Self.export
            second = ["responder": "main/grid", "action": "shareSelection",
                      "menuItems": [["menu": "image", "id": "share", "title": "Share…"]]]
            #expect(try await server.client.post(session.path + "/handlers", second, token: session.token).status == 201)
            let added = try await stream.eventAfterOthers("menu").event
            #expect(added["added"]?.arrayValue?.first?["menu"] == "image")
            #expect(added["added"]?.arrayValue?.first?["item"]?["id"] == "h-2.share")
            // Deleting it removes it.
            #expect(try await server.client.send("DELETE", session.path + "/handlers/h-2", token: session.token).status == 204)
            let removed = try await stream.eventAfterOthers("menu").event
            #expect(removed["removed"] == ["h-2.share"])
            #expect(Self.menuItem(try await session.menu().json, "h-2.share") == nil)
        }
    }

    @Test func aKeyAlreadyInForceIsRefusedNamingWhatHoldsIt() async throws {
        try await LiveServer.withSession { server, session in
            let clash: JSON = ["responder": "main/grid", "action": "exportSelection",
                               "menuItems": [["menu": "edit", "id": "undoish", "title": "Undo-ish", "key": "z", "modifiers": ["command"]]]]
            let refused = try await server.client.post(session.path + "/handlers", clash, token: session.token)
            expectProblem(refused, 409, "key-conflict")
            #expect(refused["conflictsWith"]?["menuItem"] == "undo")
            let arrow: JSON = ["responder": "main/grid", "action": "exportSelection", "keyBindings": [["key": "rightArrow"]]]
            let bound = try await server.client.post(session.path + "/handlers", arrow, token: session.token)
            expectProblem(bound, 409, "key-conflict")
            #expect(bound["conflictsWith"]?["binding"]?["action"] == "moveSelection")
            #expect(try await server.client.post(session.path + "/handlers", Self.export, token: session.token).status == 201)
            let again = try await server.client.post(session.path + "/handlers", Self.export, token: session.token)
            expectProblem(again, 409, "key-conflict")
            #expect(again["conflictsWith"]?["menuItem"] == "h-1.export")
            // A menu or item that is not there is 404; bad contributions are 422; neither registers.
            for body: JSON in [
                ["responder": "main/grid", "action": "a", "menuItems": [["menu": "nope", "id": "x", "title": "X"]]],
                ["responder": "main/grid", "action": "a", "menuItems": [["menu": "image", "after": "nope", "id": "x", "title": "X"]]],
            ] {
                expectProblem(try await server.client.post(session.path + "/handlers", body, token: session.token), 404, "not-found")
            }
            for body: JSON in [
                ["responder": "main/grid", "action": "a", "menuItems": [["menu": "image", "id": "x y", "title": "X"]]],
                ["responder": "main/grid", "action": "a", "menuItems": [["menu": "image", "id": "x", "title": ""]]],
                ["responder": "main/grid", "action": "a", "keyBindings": [["modifiers": ["command"]]]],
                ["responder": "main/grid", "action": "a", "keyBindings": [["key": "q", "modifiers": ["hyper"]]]],
                ["responder": "main/grid", "action": "a", "keyBindings": "q"],
            ] {
                expectProblem(try await server.client.post(session.path + "/handlers", body, token: session.token), 422, "invalid-argument")
            }
            let list = try await server.client.get(session.path + "/handlers", token: session.token)
            #expect(list["handlers"]?.arrayValue?.count == 1)
        }
    }
}
