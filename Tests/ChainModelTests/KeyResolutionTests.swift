import Testing

@testable import ChainModel

/// Keys through the chain: bindings by responder kind, nearest first, then menu key equivalents.
struct KeyResolutionTests {
    private static func binding(
        _ kind: ResponderKind, _ key: String, _ modifiers: Modifiers = [], _ action: String, _ arguments: Arguments = .empty,
        title: String? = nil
    ) -> KeyBinding {
        KeyBinding(kind: kind, key: KeyEquivalent(key: key, modifiers: modifiers), invocation: Invocation(action: action, arguments: arguments), title: title)
    }

    private static let menuBar = try! MenuBar(
        menus: [Menu(id: "view", title: "View", entries: [
            .item(MenuItem(id: "next", title: "Next Image", action: "nextImage", keyEquivalent: KeyEquivalent(key: "rightArrow"))),
            .item(MenuItem(id: "all", title: "Select All", action: "selectAll", keyEquivalent: KeyEquivalent(key: "a", modifiers: .command))),
            .item(MenuItem(id: "close", title: "Close Viewer", action: "closeViewer", keyEquivalent: KeyEquivalent(key: "escape"))),
        ])],
        knownActions: HandlerRegistry.standard.actions)

    /// A harness whose dispatcher has the grid's arrows, the viewer's ← →, and `newWindow` bound
    /// on the grid (which cannot perform it: the application does).
    private static func harness(count: Int = 10) -> Harness {
        var harness = Harness(count: count)
        let bindings = try! KeyBindings([
            binding(.grid, "rightArrow", [], "moveSelection", ["direction": "right"]),
            binding(.grid, "rightArrow", .shift, "moveSelection", ["direction": "right", "extend": true], title: "Extend Right"),
            binding(.viewer, "rightArrow", [], "nextImage"),
            binding(.grid, "n", [], "newWindow", ["kind": "browser"]),
        ], knownActions: HandlerRegistry.standard.actions)
        harness.dispatcher.keys = KeyMap(bindings: bindings, menuBar: menuBar)
        return harness
    }

    private func press(_ harness: inout Harness, _ key: String, _ modifiers: Modifiers = []) throws(CommandFailure) -> CommandOutcome {
        let outcome = try harness.dispatcher.perform(
            key: KeyEquivalent(key: key, modifiers: modifiers), in: harness.session, catalog: harness.catalog, explain: true)
        harness.catalog.apply(outcome.changes)
        harness.session = outcome.session
        return outcome
    }

    @Test func theSameKeyMeansWhatTheNearestResponderBindsItTo() throws {
        var harness = Self.harness()
        let inGrid = try press(&harness, "rightArrow")
        #expect(inGrid.action == "moveSelection")
        guard case .binding(let binding)? = inGrid.key?.source else { Issue.record("not a binding"); return }
        #expect(binding.kind == .grid)
        try harness.send("openImage")
        let inViewer = try press(&harness, "rightArrow")
        #expect(inViewer.action == "nextImage")
        #expect(inViewer.handledBy == "main/grid/viewer")
        #expect(harness.session.window("main")?.viewer.image == ImageID(2))
    }

    @Test func aDisabledBindingTakesTheKeyAndPerformsNothing() throws {
        var harness = Self.harness(count: 2)
        try harness.send("openImage", ["image": "img-2"])
        // The viewer binds → and is at the end: 409, not the grid's binding nor the menu's.
        #expect(failure { _ = try press(&harness, "rightArrow") }
            == .disabled(action: "nextImage", responder: "main/grid/viewer", reason: "at the end of the grid"))
        #expect(harness.session.window("main")?.grid?.selection == ImageSelection())
    }

    @Test func aBindingItsResponderCannotPerformPassesTheKeyOn() throws {
        var harness = Self.harness()
        // `n` is bound on the grid to newWindow, which only the application performs: the grid
        // does not take it, nothing else binds it, and no menu item has it.
        #expect(failure { _ = try press(&harness, "n") } == .notFound(kind: .key, name: "n", field: "key"))
        let explained = harness.dispatcher.resolve(
            key: KeyEquivalent(key: "n"), in: ValidationScope(session: harness.session, catalog: harness.catalog), explain: true)
        #expect(explained == nil)
    }

    @Test func unboundKeysFallBackToMenuKeyEquivalents() throws {
        var harness = Self.harness()
        let outcome = try press(&harness, "a", .command)
        #expect(outcome.action == "selectAll")
        guard case .menuItem(let item)? = outcome.key?.source else { Issue.record("not a menu item"); return }
        #expect(item.id == "all")
        // The trace names every responder the key passed before the menu took it.
        #expect(outcome.trace.prefix(3).map(\.verdict) == [.noKeyBinding, .noKeyBinding, .noKeyBinding])
    }

    @Test func theCheatSheetListsWhatEachKeyDoesNowWithoutRepeats() throws {
        var harness = Self.harness(count: 3)
        var sheet = harness.dispatcher.keySheet(in: ValidationScope(session: harness.session, catalog: harness.catalog))
        // → is the grid's binding, so the menu's → (nextImage) is shadowed and not listed twice.
        #expect(sheet.map(\.key.description) == ["rightArrow", "shift+rightArrow", "command+a"])
        #expect(sheet.map(\.source) == [.binding, .binding, .menu])
        #expect(sheet[1].title == "Extend Right")
        #expect(sheet[0].title == "moveSelection")
        try harness.send("openImage", ["image": "img-3"])
        sheet = harness.dispatcher.keySheet(in: ValidationScope(session: harness.session, catalog: harness.catalog))
        let right = sheet.first { $0.key == KeyEquivalent(key: "rightArrow") }
        #expect(right?.invocation.action == "nextImage")
        #expect(right?.title == "Next Image")
        #expect(right?.enabled == false)
        #expect(sheet.contains { $0.key == KeyEquivalent(key: "escape") && $0.source == .menu && $0.enabled })
    }

    @Test func aKeyBoundTwiceOnOneKindIsRefusedNamingBoth() {
        #expect {
            try KeyBindings([
                Self.binding(.grid, "x", [], "selectAll"),
                Self.binding(.viewer, "x", [], "closeViewer"),
                Self.binding(.grid, "X", .shift, "deselectAll"),
                Self.binding(.grid, "x", [], "deselectAll"),
                Self.binding(.grid, "y", [], "fly"),
            ], knownActions: HandlerRegistry.standard.actions)
        } throws: { error in
            let description = (error as? KeyBindingError)?.description ?? ""
            return description.contains("key x is bound twice on grid: to selectAll {} and to deselectAll {}")
                && description.contains("unknown action \"fly\"") && !description.contains("shift+x is bound twice")
        }
    }

    @Test func bindingsAreReadFromTheirDeclarationWithPathsInErrors() throws {
        let known = HandlerRegistry.standard.actions
        let good = try JSONParser.parse(Array(#"[{"responder": "app", "key": "n", "modifiers": ["command"], "action": "newWindow", "args": {"kind": "viewer"}, "title": "New"}]"#.utf8))
        let bindings = try KeyBindings(definition: good, knownActions: known)
        #expect(bindings.binding(for: KeyEquivalent(key: "n", modifiers: .command), on: .application)?.title == "New")
        for (text, path) in [
            (#"{"responder": "grid"}"#, "keyBindings"),
            (#"[{"responder": "menu", "key": "a", "action": "selectAll"}]"#, "keyBindings[0].responder"),
            (#"[{"responder": "grid", "action": "selectAll"}]"#, "keyBindings[0].key"),
            (#"[{"responder": "grid", "key": "a", "modifiers": ["hyper"], "action": "selectAll"}]"#, "keyBindings[0].modifiers"),
            (#"[{"responder": "grid", "key": "a", "action": "selectAll", "colour": 1}]"#, "keyBindings[0].colour"),
            (#"[{"responder": "grid", "key": "a", "action": "selectAll"}, {"responder": "grid", "key": "a", "action": "deselectAll"}]"#, "keyBindings"),
        ] {
            do {
                _ = try KeyBindings(definition: try JSONParser.parse(Array(text.utf8)), knownActions: known)
                Issue.record("accepted \(text)")
            } catch let error as MenuBar.DefinitionError {
                #expect(error.path == path, "\(text)")
            }
        }
    }
}
