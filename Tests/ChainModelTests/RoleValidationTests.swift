import Testing

@testable import ChainModel

/// A viewer's catalog writes validate disabled "read-only" through the context the
/// application provides, wherever on the chain they are performed; everything else is as
/// for an editor.
struct RoleValidationTests {
    static let readOnly = Validation.disabled(Role.readOnlyReason)

    /// A harness whose session acts for `role`, with images 1–3 selected and rated (as an
    /// editor) so that undo has an entry.
    static func harness(_ role: Role) throws -> Harness {
        var harness = Harness()
        try harness.send("select", ["images": ["img-1", "img-2", "img-3"]])
        try harness.send("setRating", ["rating": 4])
        harness.session.role = role
        return harness
    }

    @Test func theApplicationProvidesTheRole() throws {
        var harness = try Self.harness(.viewer)
        #expect(harness.dispatcher.contextValues(from: "main/grid", in: harness.session)[RoleKey.self] == .viewer)
        harness.session.role = .admin
        #expect(harness.dispatcher.contextValues(from: "main/grid", in: harness.session)[RoleKey.self] == .admin)
    }

    @Test(arguments: [
        ("setRating", ["rating": 2] as Arguments), ("increaseRating", .empty), ("decreaseRating", .empty),
        ("setLabel", ["label": "red"] as Arguments), ("setFlag", ["flag": "pick"] as Arguments), ("undo", .empty),
    ])
    func everyCatalogWriteValidatesReadOnlyForAViewer(action: String, arguments: Arguments) throws {
        var harness = try Self.harness(.viewer)
        let resolution = harness.validate(action, arguments)
        #expect(resolution.validation?.isEnabled == false)
        #expect(resolution.validation?.reason == Role.readOnlyReason)
        let error = failure { try harness.send(action, arguments) }
        guard case .disabled(_, _, let reason)? = error else {
            Issue.record("\(action) was not refused: \(String(describing: error))")
            return
        }
        #expect(reason == Role.readOnlyReason)
        #expect([1, 2, 3].map(harness.rating) == [4, 4, 4])
    }

    @Test(arguments: [Role.editor, .admin])
    func editorsAndAdminsWrite(role: Role) throws {
        var harness = try Self.harness(role)
        #expect(harness.validate("setRating", ["rating": 2]).validation?.isEnabled == true)
        try harness.send("setRating", ["rating": 2])
        #expect(harness.rating(1) == 2)
        try harness.send("undo")
        #expect(harness.rating(1) == 4)
    }

    @Test func aViewerStillSeesTheStateAndMovesAround() throws {
        var harness = try Self.harness(.viewer)
        // The check mark follows the catalog as for anyone; only the write is refused.
        #expect(harness.validate("setRating", ["rating": 4]).validation == .disabled(Role.readOnlyReason, state: .on))
        try harness.send("select", ["images": ["img-5"]])
        try harness.send("openImage", ["image": "img-5"])
        #expect(harness.session.window("main")?.viewer.image == ImageID(5))
        #expect(harness.validate("setRating", ["rating": 1]).validation?.reason == Role.readOnlyReason)
    }

    @Test func menusShowAViewersWritesDisabledReadOnly() throws {
        let harness = try Self.harness(.viewer)
        let bar = try MenuBar(menus: [
            Menu(id: "image", title: "Image", entries: [
                .item(MenuItem(id: "rating.4", title: "4", action: "setRating", arguments: ["rating": 4])),
                .item(MenuItem(id: "next", title: "New Window", action: "newWindow")),
            ]),
            Menu(id: "edit", title: "Edit", entries: [.item(MenuItem(id: "undo", title: "Undo", action: "undo"))]),
        ], knownActions: HandlerRegistry.standard.actions)
        let entries = MenuValidator(dispatcher: harness.dispatcher).validate(bar, in: harness.session, catalog: harness.catalog, explain: true)
        let rating = try #require(validatedItem(entries, "rating.4"))
        #expect(!rating.isEnabled && rating.state == .on)
        #expect(rating.trace?.last?.verdict == .handles(.disabled(Role.readOnlyReason, state: .on)))
        let undo = try #require(validatedItem(entries, "undo"))
        #expect(!undo.isEnabled && undo.title == "Undo Set Rating")
        #expect(validatedItem(entries, "next")?.isEnabled == true)
    }

    @Test func aHandlerAttachedAtRunTimeMayNotWriteForAViewer() throws {
        var harness = try Self.harness(.viewer)
        let handler = ActionHandler(validate: { _ in .handles(.enabled) }, perform: { context throws(CommandError) in
            context.change(ratings((7, 5)), undoName: "Sneak")
        })
        try harness.session.attach(.handler(handler, action: "sneak"), to: "app")
        #expect(failure { try harness.send("sneak") } == .disabled(action: "sneak", responder: "app", reason: Role.readOnlyReason))
        #expect(harness.rating(7) == 1)
    }

    @Test func aRemoteHandlersChangesAreRefusedForAViewer() throws {
        let harness = try Self.harness(.viewer)
        let handler = RemoteHandler(id: "h-1", responder: "main/grid", action: "autoRate", validation: .enabled, undoName: "Auto Rate")
        let outcome = try harness.dispatcher.perform(
            Invocation(action: "autoRate"), in: harness.session, catalog: harness.catalog, remote: RemoteHandlers([handler], isLive: true))
        let call = try #require(outcome.remoteCall)
        let answer = RemoteAnswer.performed(result: [], changes: [ImageChange(id: ImageID(2), Rating(1)!)])
        #expect(failure { _ = try harness.dispatcher.complete(call, with: answer, in: harness.session, catalog: harness.catalog) }
            == .disabled(action: "autoRate", responder: "main/grid", reason: Role.readOnlyReason))
        // The same answer without changes is a read, allowed.
        #expect(throws: Never.self) {
            try harness.dispatcher.complete(call, with: .performed(result: [], changes: []), in: harness.session, catalog: harness.catalog)
        }
    }
}
