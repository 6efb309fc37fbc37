import ChainModel
import Foundation
import Testing

@testable import ChainServer

/// Creating, reading and ending sessions, and their validated menu, live.
@Suite("Session routes, live")
struct SessionRoutesTests {
    /// The session shape API.md promises a new session.
    static func expectNewSessionShape(_ body: JSON, id: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(body["id"]?.stringValue == id, sourceLocation: sourceLocation)
        #expect(body["firstResponder"] == "main/grid", sourceLocation: sourceLocation)
        #expect(body["chain"] == ["main/grid", "main", "app"], sourceLocation: sourceLocation)
        let windows = body["windows"]?.arrayValue ?? []
        #expect(windows.count == 1, sourceLocation: sourceLocation)
        #expect(windows.first?["id"] == "main", sourceLocation: sourceLocation)
        #expect(windows.first?["kind"] == "browser", sourceLocation: sourceLocation)
        #expect(windows.first?["grid"]?["selection"] == [], sourceLocation: sourceLocation)
        #expect(windows.first?["viewer"]?["image"] == .null, sourceLocation: sourceLocation)
    }

    @Test func createAnswers201WithIdTokenLocationAndANewSession() async throws {
        try await LiveServer.with { server in
            let response = try await server.client.send("POST", "/v1/sessions")

            #expect(response.status == 201)
            #expect(response.header("Content-Type") == "application/json; charset=utf-8")
            let body = try #require(response.json)
            let id = try #require(body["id"]?.stringValue)
            let token = try #require(body["token"]?.stringValue)
            #expect(!id.isEmpty && id.allSatisfy { $0.isHexDigit })
            #expect(token.count == 43)
            #expect(response.header("Location") == "/v1/sessions/\(id)")
            Self.expectNewSessionShape(body, id: id)
        }
    }

    @Test func getAnswersTheSessionWithoutItsToken() async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()

            let response = try await server.client.get(session.path, token: session.token)

            #expect(response.status == 200)
            let body = try #require(response.json)
            Self.expectNewSessionShape(body, id: session.id)
            #expect(body["token"] == nil)
            #expect(!response.text.contains(session.token))
        }
    }

    @Test func getShowsWhatCommandsChanged() async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()
            try await session.perform("select", ["images": ["img-3", "img-1"]])
            try await session.perform("openImage")

            let body = try await session.state()

            #expect(body["firstResponder"] == "main/grid/viewer")
            #expect(body["chain"] == ["main/grid/viewer", "main/grid", "main", "app"])
            let window = body["windows"]?.arrayValue?.first
            #expect(window?["grid"]?["selection"] == ["img-3", "img-1"])
            #expect(window?["viewer"]?["image"] == "img-3")
        }
    }

    @Test func deleteAnswers204AndEndsTheSession() async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()

            let response = try await server.client.send("DELETE", session.path, token: session.token)

            #expect(response.status == 204)
            #expect(response.body.isEmpty)
            expectProblem(try await server.client.get(session.path, token: session.token), 401, "unauthorized")
            #expect(metricValue(try await server.client.metrics(), "chain_sessions_live") == 0)
        }
    }

    @Test func createBeyondMaxSessionsIs503UntilOneEnds() async throws {
        try await LiveServer.with({ $0.maxSessions = 2 }) { server in
            let first = try await server.client.createSession()
            _ = try await server.client.createSession()

            expectProblem(try await server.client.send("POST", "/v1/sessions"), 503, "too-many-sessions")
            #expect(try await server.client.send("DELETE", first.path, token: first.token).status == 204)
            #expect(try await server.client.send("POST", "/v1/sessions").status == 201)
        }
    }

    @Test func menuHasTheStructureOfConfigMenusJSON() async throws {
        let file = try JSONParser.parse([UInt8](Data(contentsOf: URL(fileURLWithPath: LiveServer.configDirectory + "/menus.json"))))
        try await LiveServer.with { server in
            let session = try await server.client.createSession()

            let response = try await session.menu()

            #expect(response.status == 200)
            let body = try #require(response.json)
            #expect(body["firstResponder"] == "main/grid")
            let served = try #require(body["menus"]?.arrayValue)
            let declared = try #require(file["menus"]?.arrayValue)
            #expect(served.count == declared.count)
            for (menu, expected) in zip(served, declared) {
                Self.expectSameStructure(menu, expected)
            }
        }
    }

    /// `served` has the ids, titles, actions, args, keys and nesting of `declared`, and every
    /// item carries its validation.
    static func expectSameStructure(_ served: JSON, _ declared: JSON, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(served["id"] == declared["id"], sourceLocation: sourceLocation)
        let id = declared["id"]?.stringValue ?? "?"
        if let items = declared["items"]?.arrayValue {
            #expect(served["action"] == nil, "submenu \(id) has an action", sourceLocation: sourceLocation)
            #expect(served["title"] == declared["title"], sourceLocation: sourceLocation)
            let servedItems = served["items"]?.arrayValue ?? []
            #expect(servedItems.count == items.count, "items of \(id)", sourceLocation: sourceLocation)
            for (item, expected) in zip(servedItems, items) {
                expectSameStructure(item, expected, sourceLocation: sourceLocation)
            }
            return
        }
        #expect(served["action"] == declared["action"], "action of \(id)", sourceLocation: sourceLocation)
        #expect(served["args"] == (declared["args"] ?? [:]), "args of \(id)", sourceLocation: sourceLocation)
        #expect(served["key"] == (declared["key"] ?? .null), "key of \(id)", sourceLocation: sourceLocation)
        #expect(Set(served["modifiers"]?.strings ?? ["?"]) == Set(declared["modifiers"]?.strings ?? []),
                "modifiers of \(id)", sourceLocation: sourceLocation)
        #expect(served["title"]?.stringValue?.isEmpty == false, sourceLocation: sourceLocation)
        #expect(served["enabled"]?.isBool == true, "enabled of \(id)", sourceLocation: sourceLocation)
        #expect(["on", "off", "mixed"].contains(served["state"]?.stringValue ?? ""), "state of \(id)", sourceLocation: sourceLocation)
        #expect(served["hidden"]?.isBool == true, "hidden of \(id)", sourceLocation: sourceLocation)
        #expect(served["target"] != nil, "target of \(id)", sourceLocation: sourceLocation)
        #expect(served["trace"] == nil, "trace of \(id) without explain", sourceLocation: sourceLocation)
    }

    @Test func newSessionMenuValidatesAgainstAnEmptySelection() async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()

            let menu = try #require(try await session.menu().json)

            for rating in 0...5 {
                let item = menu.menuItem("rating.\(rating)")
                #expect(item?["enabled"] == false)
                #expect(item?["state"] == "off")
                #expect(item?["target"] == "main/grid")
            }
            #expect(menu.menuItem("selectAll")?["enabled"] == true)
            #expect(menu.menuItem("deselectAll")?["enabled"] == false)
            #expect(menu.menuItem("undo")?["enabled"] == false)
            #expect(menu.menuItem("undo")?["title"] == "Undo")
            #expect(menu.menuItem("undo")?["target"] == "main")
            #expect(menu.menuItem("newBrowserWindow")?["target"] == "app")
            #expect(menu.menuItem("closeViewer")?["target"] == .null)
            #expect(menu.menuItem("closeViewer")?["enabled"] == false)
        }
    }

    @Test func ratingItemStatesFollowSelectionAndRatings() async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()
            try await session.rate(["img-3"], 4)
            try await session.rate(["img-1", "img-2"], 3)

            let uniform = try #require(try await session.menu().json)
            #expect(uniform.menuItem("rating.3")?["state"] == "on")
            #expect(uniform.menuItem("rating.3")?["enabled"] == true)
            #expect(uniform.menuItem("rating.4")?["state"] == "off")
            #expect(uniform.menuItem("undo")?["title"] == "Undo Set Rating")
            #expect(uniform.menuItem("deselectAll")?["enabled"] == true)

            try await session.perform("select", ["images": ["img-1", "img-2", "img-3"]])
            let mixed = try #require(try await session.menu().json)
            #expect(mixed.menuItem("rating.3")?["state"] == "mixed")
            #expect(mixed.menuItem("rating.4")?["state"] == "mixed")
            #expect(mixed.menuItem("rating.5")?["state"] == "off")

            try await session.perform("setRating", ["rating": 5])
            let all = try #require(try await session.menu().json)
            #expect(all.menuItem("rating.5")?["state"] == "on")
            #expect(all.menuItem("rating.3")?["state"] == "off")
            #expect(all.menuItem("increaseRating")?["enabled"] == false)
            #expect(all.menuItem("decreaseRating")?["enabled"] == true)
        }
    }

    @Test func menuTargetFollowsTheFirstResponder() async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()
            try await session.perform("select", ["images": ["img-1", "img-2"]])
            try await session.perform("openImage", ["image": "img-2"])

            let menu = try #require(try await session.menu().json)

            #expect(menu["firstResponder"] == "main/grid/viewer")
            #expect(menu.menuItem("rating.5")?["target"] == "main/grid/viewer")
            #expect(menu.menuItem("closeViewer")?["target"] == "main/grid/viewer")
            #expect(menu.menuItem("closeViewer")?["enabled"] == true)
            #expect(menu.menuItem("selectAll")?["target"] == "main/grid")
            #expect(menu.menuItem("nextImage")?["enabled"] == true)
        }
    }

    @Test func explainAddsATraceInChainOrder() async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()

            let response = try await session.menu(explain: true)

            #expect(response.status == 200)
            let menu = try #require(response.json)
            let undo = try #require(menu.menuItem("undo")?["trace"]?.arrayValue)
            #expect(undo.map { $0["responder"] } == ["main/grid", "main"])
            #expect(undo.map { $0["handles"] } == [false, true])
            #expect(undo.last?["verdict"] == "disabled")
            #expect(undo.last?["reason"]?.stringValue?.isEmpty == false)
            let closeViewer = try #require(menu.menuItem("closeViewer")?["trace"]?.arrayValue)
            #expect(closeViewer.map { $0["responder"] } == ["main/grid", "main", "app"])
            #expect(closeViewer.allSatisfy { $0["handles"] == false })
            let rating = try #require(menu.menuItem("rating.5")?["trace"]?.arrayValue)
            #expect(rating.first?["responder"] == "main/grid")
            #expect(rating.first?["verdict"] == "disabled")
            for rating in 0...5 {
                #expect(menu.menuItem("rating.\(rating)")?["trace"]?.arrayValue?.isEmpty == false)
            }
        }
    }
}
