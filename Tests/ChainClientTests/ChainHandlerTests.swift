import ChainClient
import Foundation
import Testing

/// Remote handlers through ChainClient: the one-call form, validation kept current, changes
/// that undo, errors, and contributed menu items and keys.
@Suite("ChainClient remote handlers, live")
struct ChainHandlerTests {
    /// Runs `handler`'s answers in a task until `body` returns, once it is registered and live.
    static func serving<T>(
        _ session: ChainSession, _ handler: ActionHandler, answer: @escaping @Sendable (Invocation) -> CallAnswer,
        _ body: () async throws -> T
    ) async throws -> T {
        let server = Task {
            for try await call in handler { try await call.answer(answer(call)) }
        }
        defer { server.cancel() }
        // Registration waits on the stream's hello: generous bounds, for a loaded machine
        // running the whole suite at once (a pass takes milliseconds).
        #expect(try await eventually(30) { handler.id != nil })
        #expect(try await eventually(30) { try await session.handlers().contains { $0.id == handler.id && $0.live } })
        return try await body()
    }

    @Test func aRoundTripWithChangesIsDurableAndUndoable() async throws {
        try await ClientTestServer.withSession { _, session in
            let handler = session.actionHandler(for: "autoRate", on: "main/grid", validation: .enabled("Auto Rate"), undoName: "Auto Rate")
            try await Self.serving(session, handler, answer: { call in
                .changes(call.context.selection.map { ImageChange(image: $0, rating: 4, label: "green") }, result: ["rated": .number(Double(call.context.selectionCount))])
            }) {
                try await session.perform(.select(["img-1", "img-2"]))
                try await session.perform(.setRating(1))
                let before = [try await session.image("img-1"), try await session.image("img-2")]
                let answer = try await session.perform(.action("autoRate"))
                #expect(answer.handledBy == "main/grid")
                #expect(answer.result["rated"]?.intValue == 2)
                #expect(try await session.image("img-2").rating == 4)
                #expect(try await session.image("img-2").label == "green")
                let window = try #require(try await session.state().window("main"))
                #expect(window.undo?.undo == "Auto Rate")

                try await session.perform(.undo())
                #expect(try await session.image("img-1").rating == before[0].rating)
                #expect(try await session.image("img-2").label == before[1].label)
            }
        }
    }

    @Test func theValidationIsKeptCurrentWithPatch() async throws {
        try await ClientTestServer.withSession { _, session in
            let handler = session.actionHandler(for: "autoRate", on: "main/grid", validation: .disabled("Auto Rate"))
            try await Self.serving(session, handler, answer: { _ in .result([:]) }) {
                var item = try #require(try await session.menu().item("autoRate"))
                #expect(item.enabled == false && item.target == nil || item.enabled == false)
                try await handler.update(.enabled("Auto Rate 3 Images", state: "mixed"))
                item = try #require(try await session.menu().item("autoRate"))
                #expect(item.enabled == true && item.title == "Auto Rate 3 Images" && item.state == "mixed")
                #expect(item.target == "main/grid")
                let held = try #require(try await session.handlers().first { $0.id == handler.id })
                #expect(held.validation == .enabled("Auto Rate 3 Images", state: "mixed"))
            }
        }
    }

    @Test func anErrorAnswerIsARejectedProblemAndChangesNothing() async throws {
        try await ClientTestServer.withSession { _, session in
            let handler = session.actionHandler(for: "autoRate", on: "main/grid", validation: .enabled())
            try await Self.serving(session, handler, answer: { _ in .error(title: "No faces", detail: "nothing to judge") }) {
                try await session.perform(.select(["img-1"]))
                let rating = try await session.image("img-1").rating
                let rejected = await #expect(throws: ChainProblem.self) { try await session.perform(.action("autoRate")) }
                #expect(rejected?.kind == .rejected && rejected?.status == 422)
                #expect(rejected?.title == "No faces" && rejected?.detail == "nothing to judge")
                #expect(try await session.image("img-1").rating == rating)
            }
        }
    }

    @Test func contributedMenuItemsAndKeyBindingsPerform() async throws {
        try await ClientTestServer.withSession { _, session in
            let handler = session.actionHandler(
                for: "exportSelection", on: "main/grid", validation: .enabled("Export…"),
                menuItems: [ContributedMenuItem(menu: "image", id: "export", title: "Export…", key: "e", modifiers: ["command"])],
                keyBindings: [ContributedKeyBinding(key: "e", modifiers: ["shift"], args: ["format": "jpeg"])])
            try await Self.serving(session, handler, answer: { call in .result(["format": call.args["format"] ?? "none"]) }) {
                let id = try #require(handler.id)
                let item = try #require(try await session.menu().item("\(id).export"))
                #expect(item.action == "exportSelection" && item.enabled == true)
                let byKey = try await session.press("e", modifiers: ["shift"])
                #expect(byKey.result["format"]?.stringValue == "jpeg")
                let byMenuKey = try await session.press("e", modifiers: ["command"])
                #expect(byMenuKey.resolvedBy?["menuItem"]?.stringValue == "\(id).export")

                try await handler.remove()
                #expect(try await session.menu().item("\(id).export") == nil)
            }
        }
    }

    @Test func theOneCallFormAnswersUntilCancelled() async throws {
        try await ClientTestServer.withSession { _, session in
            let running = Task {
                try await session.actionHandler(for: "autoRate", on: "main/grid", validation: .enabled(), undoName: "Auto Rate") { call in
                    .changes(call.context.selection.map { ImageChange(image: $0, flag: "pick") })
                }
            }
            defer { running.cancel() }
            #expect(try await eventually { try await session.handlers().contains { $0.live } })
            try await session.perform(.select(["img-3"]))
            try await session.perform(.action("autoRate"))
            #expect(try await session.image("img-3").flag == "pick")
        }
    }
}
