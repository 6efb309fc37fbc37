import ChainModel
import ChainTestSupport
import Foundation
import Testing

@testable import ChainServer

/// Remote handlers on a live server: a client registers a handler on its own responder,
/// the walk reaches it, the client gets `invoke` on its stream and answers the call.
@Suite("Remote handlers, live")
struct RemoteHandlerTests {
    /// Registers `action` on `responder`, requiring the 201, and returns the handler.
    static func register(
        _ session: RemoteSession, _ action: String, on responder: String = "main/grid",
        validation: JSON = ["enabled": true], undoName: String? = "Auto Rate"
    ) async throws -> JSON {
        var body: [(key: String, value: JSON)] = [("responder", .string(responder)), ("action", .string(action)), ("validation", validation)]
        if let undoName { body.append(("undoName", .string(undoName))) }
        let response = try await session.client.post(session.path + "/handlers", .object(body), token: session.token)
        try #require(response.status == 201, "register answered \(response.status): \(response.text)")
        return try #require(response.json)
    }

    /// Sends `action` in a task, so the test can answer its call meanwhile.
    static func send(_ session: RemoteSession, _ action: String, _ args: JSON = [:]) -> Task<LiveResponse, any Error> {
        Task { try await session.command(["action": .string(action), "args": args]) }
    }

    /// The menu item `id` as `GET …/menu` shows it now.
    static func menuItem(_ session: RemoteSession, _ id: String) async throws -> JSON? {
        try await session.menu().json?.menuItem(id)
    }

    static func answer(_ session: RemoteSession, _ call: String, _ body: JSON) async throws -> LiveResponse {
        try await session.client.post(session.path + "/calls/\(call)", body, token: session.token)
    }

    @Test func aResultAnswersTheCommand() async throws {
        try await LiveServer.withSession { server, session in
            let handler = try await Self.register(session, "exportSelection")
            let stream = try EventStreamClient.open(server, session)
            _ = try await stream.event("hello")
            try await session.perform("select", ["images": ["img-2", "img-4"]])
            let command = Self.send(session, "exportSelection", ["format": "jpeg"])
            let invoke = try await stream.event("invoke")
            #expect(invoke["handler"] == handler["id"])
            #expect(invoke["action"] == "exportSelection")
            #expect(invoke["args"] == ["format": "jpeg"])
            #expect(invoke["responder"] == "main/grid")
            #expect(invoke["context"] == ["window": "main", "selection": ["img-2", "img-4"], "selectionCount": 2, "image": .null])
            #expect(invoke["deadline"]?.stringValue?.hasSuffix("Z") == true)
            let call = try #require(invoke["call"]?.stringValue)
            #expect(try await Self.answer(session, call, ["result": ["exported": 2]]).status == 204)
            let answered = try await command.value
            #expect(answered.status == 200)
            #expect(answered["result"] == ["exported": 2])
            #expect(answered["handledBy"] == "main/grid")
            // Settled: a second answer is 404.
            #expect(try await Self.answer(session, call, ["result": [:]]).status == 404)
        }
    }

    @Test func changesAreDurableAndUndoableUnderTheHandlersName() async throws {
        let directory = TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var before = 0
        do {
            let server = try LiveServer(dataDirectory: directory)
            defer { server.stop() }
            let session = try await server.client.createSession()
            before = try await session.rating(of: "img-9")
            let target = before == 5 ? 1 : 5
            _ = try await Self.register(session, "autoRate")
            let stream = try EventStreamClient.open(server, session)
            _ = try await stream.event("hello")
            try await session.perform("select", ["images": ["img-9"]])
            let command = Self.send(session, "autoRate")
            let call = try #require(try await stream.event("invoke")["call"]?.stringValue)
            let changes: JSON = ["result": ["rated": 1], "changes": [["image": "img-9", "rating": .number(Double(target)), "label": "purple"]]]
            #expect(try await Self.answer(session, call, changes).status == 204)
            let answered = try await command.value
            #expect(answered.status == 200)
            #expect(answered["events"]?.arrayValue?.compactMap { $0["type"]?.stringValue } == ["ratingChanged", "labelChanged"])
            #expect(try await session.rating(of: "img-9") == target)
            #expect(try await Self.menuItem(session, "undo")?["title"] == "Undo Auto Rate")

            try await session.perform("undo")
            #expect(try await session.rating(of: "img-9") == before)
            try await session.perform("redo")
            #expect(try await session.rating(of: "img-9") == target)
        }
        // A restart finds the redone change on disk.
        try await LiveServer.with({ $0.dataDirectory = directory }) { server in
            let session = try await server.client.createSession()
            #expect(try await session.rating(of: "img-9") == (before == 5 ? 1 : 5))
            let image = try await server.client.get("/v1/images/img-9", token: session.token)
            #expect(image["label"] == "purple")
        }
    }

    @Test func anErrorAnswersRejectedWithItsTitleAndChangesNothing() async throws {
        try await LiveServer.withSession { server, session in
            _ = try await Self.register(session, "autoRate")
            let stream = try EventStreamClient.open(server, session)
            _ = try await stream.event("hello")
            let before = try await LiveSnapshot.take(session)
            let command = Self.send(session, "autoRate")
            let call = try #require(try await stream.event("invoke")["call"]?.stringValue)
            let error: JSON = ["error": ["title": "No faces found", "detail": "the selection has no portraits"]]
            #expect(try await Self.answer(session, call, error).status == 204)
            let answered = try await command.value
            expectProblem(answered, 422, "rejected")
            #expect(answered["title"] == "No faces found")
            #expect(answered["detail"] == "the selection has no portraits")
            #expect(try await LiveSnapshot.take(session) == before)
        }
    }

    @Test func noAnswerBeforeTheDeadlineIs504AndALateAnswerIs404() async throws {
        try await LiveServer.withSession({ $0.callTimeoutSeconds = 1 }) { server, session in
            _ = try await Self.register(session, "autoRate")
            let stream = try EventStreamClient.open(server, session)
            _ = try await stream.event("hello")
            let started = ContinuousClock.now
            let command = Self.send(session, "autoRate")
            let call = try #require(try await stream.event("invoke")["call"]?.stringValue)
            let answered = try await command.value
            expectProblem(answered, 504, "handler-timeout")
            #expect(ContinuousClock.now - started < .seconds(8), "the configured 1 s deadline, not the default 10 s")
            #expect(try await Self.answer(session, call, ["result": [:]]).status == 404)
            // The session's turn is free again.
            try await session.perform("selectAll")
        }
    }

    @Test func aClientThatDisconnectsFailsItsCallAtOnce() async throws {
        // A 60 s deadline, so "at once" holds by a wide margin even on a loaded machine (under
        // ThreadSanitizer, beside the whole suite, this took 7 s against a 10 s deadline).
        try await LiveServer.withSession({ $0.callTimeoutSeconds = 60 }) { server, session in
            _ = try await Self.register(session, "autoRate")
            var stream: EventStreamClient? = try EventStreamClient.open(server, session)
            _ = try await stream?.event("hello")
            let started = ContinuousClock.now
            let command = Self.send(session, "autoRate")
            _ = try await stream?.event("invoke")
            stream = nil
            let answered = try await command.value
            expectProblem(answered, 502, "handler-disconnected")
            #expect(ContinuousClock.now - started < .seconds(30), "well before the 60 s deadline")
        }
    }

    @Test func deletingTheSessionSettlesAWaitingCallAtOnce() async throws {
        // A 60 s deadline, so "at once" holds by a wide margin even on a loaded machine (under
        // ThreadSanitizer, beside the whole suite, this took 7 s against a 10 s deadline).
        try await LiveServer.withSession({ $0.callTimeoutSeconds = 60 }) { server, session in
            _ = try await Self.register(session, "autoRate")
            let stream = try EventStreamClient.open(server, session)
            _ = try await stream.event("hello")
            let started = ContinuousClock.now
            let command = Self.send(session, "autoRate")
            _ = try await stream.event("invoke")
            #expect(try await server.client.send("DELETE", session.path, token: session.token).status == 204)
            expectProblem(try await command.value, 401, "unauthorized")
            #expect(ContinuousClock.now - started < .seconds(30), "well before the 60 s deadline")
            #expect(try await stream.event("ended")["reason"] == "deleted")
        }
    }

    @Test func aLiveHandlerOverridesABuiltInAndOneNotLiveDeclinesToIt() async throws {
        try await LiveServer.withSession { server, session in
            try await session.perform("select", ["images": ["img-11"]])
            _ = try await Self.register(session, "setRating", validation: ["enabled": true, "title": "Rate Remotely"])
            let before = try await session.rating(of: "img-11")
            let rating = before == 2 ? 3 : 2

            // No stream: the handler declines, and the grid's own setRating performs.
            let builtIn = try await session.command(["action": "setRating", "args": ["rating": .number(Double(rating))]], explain: true)
            #expect(builtIn.status == 200)
            #expect(try await session.rating(of: "img-11") == rating)
            let declined = builtIn["trace"]?.arrayValue?.first
            #expect(declined?["verdict"] == "declined")
            #expect(declined?["reason"] == .string(RemoteHandlers.notLiveReason))

            // Live: the handler is asked instead, and the menu shows its title.
            let stream = try EventStreamClient.open(server, session)
            _ = try await stream.event("hello")
            #expect(try await Self.menuItem(session, "rating.\(rating)")?["title"] == "Rate Remotely")
            let command = Self.send(session, "setRating", ["rating": 5])
            let invoke = try await stream.event("invoke")
            #expect(invoke["args"] == ["rating": 5])
            #expect(try await Self.answer(session, try #require(invoke["call"]?.stringValue), ["result": ["overridden": true]]).status == 204)
            #expect(try await command.value["result"] == ["overridden": true])
            #expect(try await session.rating(of: "img-11") == rating, "the override changed nothing")
        }
    }

    @Test func aRemoteActionInTheMenuIsUnhandledUntilALiveHandlerTakesIt() async throws {
        try await LiveServer.withSession { server, session in
            let item = try #require(try await Self.menuItem(session, "autoRate"))
            #expect(item["enabled"] == false)
            #expect(item["target"] == .null)
            expectProblem(try await session.command(["action": "autoRate"]), 409, "unhandled")

            let handler = try await Self.register(session, "autoRate", validation: ["enabled": false, "title": "Auto Rate 0 Images"])
            let stream = try EventStreamClient.open(server, session)
            _ = try await stream.event("hello")
            #expect(try await Self.menuItem(session, "autoRate")?["target"] == "main/grid")
            #expect(try await Self.menuItem(session, "autoRate")?["enabled"] == false)
            expectProblem(try await session.command(["action": "autoRate"]), 409, "disabled")

            // The client revalidates: a `menu` event carries the item as it is now.
            let id = try #require(handler["id"]?.stringValue)
            let patched = try await session.client.send(
                "PATCH", session.path + "/handlers/\(id)", json: ["validation": ["enabled": true, "state": "mixed", "title": "Auto Rate 3 Images"]],
                token: session.token)
            #expect(patched.status == 200)
            #expect(patched["validation"] == ["enabled": true, "state": "mixed", "title": "Auto Rate 3 Images", "hidden": false])
            let menu = try await stream.event("menu")
            let changed = try #require(menu["items"]?.arrayValue?.first { $0["id"] == "autoRate" })
            #expect(changed == ["id": "autoRate", "enabled": true, "state": "mixed", "title": "Auto Rate 3 Images", "hidden": false, "target": "main/grid"])

            let listed = try await session.client.get(session.path + "/handlers", token: session.token)
            #expect(listed["handlers"]?.arrayValue?.count == 1)
            #expect(try await session.client.send("DELETE", session.path + "/handlers/\(id)", token: session.token).status == 204)
            #expect(try await Self.menuItem(session, "autoRate")?["target"] == .null)
        }
    }

    @Test func handlersGoWithTheirWindow() async throws {
        try await LiveServer.withSession { _, session in
            try await session.perform("newWindow", ["kind": "browser"])
            _ = try await Self.register(session, "autoRate", on: "w2/grid")
            try await session.perform("closeWindow")
            let listed = try await session.client.get(session.path + "/handlers", token: session.token)
            #expect(listed["handlers"] == [])
        }
    }
}
