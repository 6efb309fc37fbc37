import Testing

@testable import ChainModel

/// Menu items and key bindings remote handlers contribute: inserted where they ask, disabled
/// with no target while their handler is not live, keys resolved on the handler's responder
/// before the kind's, and collisions found.
struct ContributedItemTests {
    static let bar = try! MenuBar(
        menus: [Menu(id: "image", title: "Image", entries: [
            .item(MenuItem(id: "selectAll", title: "Select All", action: "selectAll", keyEquivalent: KeyEquivalent(key: "a", modifiers: .command))),
            .submenu(Menu(id: "rating", title: "Rating", entries: [
                .item(MenuItem(id: "rating.5", title: "★★★★★", action: "setRating", arguments: ["rating": 5])),
            ])),
            .item(MenuItem(id: "deselectAll", title: "Deselect All", action: "deselectAll")),
        ])],
        knownActions: HandlerRegistry.standard.actions)

    static let handler = RemoteHandler(
        id: "h-1", responder: "main/grid", action: "export", validation: .enabled,
        menuItems: [
            ContributedItem(id: "export", menu: "image", after: "rating", title: "Export…", keyEquivalent: KeyEquivalent(key: "e", modifiers: .command)),
            ContributedItem(id: "export4", menu: "rating", title: "Export ★★★★", arguments: ["min": 4]),
        ],
        keyBindings: [ContributedBinding(key: KeyEquivalent(key: "e"), arguments: ["quick": true])])

    @Test func itemsGoWhereTheyAskAndShowDisabledWhileTheirHandlerIsNotLive() {
        let menus = Self.bar.menus(adding: RemoteHandlers([Self.handler]).contributedItems)
        let ids = menus[0].entries.map { entry -> String in
            switch entry {
            case .item(let item): item.id
            case .submenu(let menu): menu.id
            }
        }
        #expect(ids == ["selectAll", "rating", "h-1.export", "deselectAll"])
        #expect(menus[0].allItems.map(\.id).contains("h-1.export4"))
        let validator = MenuValidator(dispatcher: CommandDispatcher.standard)
        let catalog = makeCatalog(count: 3)
        let offline = validator.validate(Self.bar, in: Session(), catalog: catalog, remote: RemoteHandlers([Self.handler], isLive: false))
        let item = validatedItem(offline, "h-1.export")
        #expect(item?.isEnabled == false)
        #expect(item?.target == nil)
        let live = validator.validate(Self.bar, in: Session(), catalog: catalog, remote: RemoteHandlers([Self.handler], isLive: true))
        #expect(validatedItem(live, "h-1.export")?.isEnabled == true)
        #expect(validatedItem(live, "h-1.export")?.target == "main/grid")
    }

    @Test func aHandlersBindingTakesTheKeyOnItsResponderWhileLive() {
        var dispatcher = CommandDispatcher.standard
        dispatcher.keys = KeyMap(bindings: .none, menuBar: Self.bar)
        let catalog = makeCatalog(count: 3)
        let live = ValidationScope(session: Session(), catalog: catalog, remote: RemoteHandlers([Self.handler], isLive: true))
        let taken = dispatcher.resolve(key: KeyEquivalent(key: "e"), in: live)
        guard case .binding(let binding)? = taken?.source else { Issue.record("not a binding"); return }
        #expect(binding.handler == "h-1")
        #expect(taken?.invocation == Invocation(action: "export", arguments: ["quick": true]))
        // Its item's key equivalent, as the menu's are.
        guard case .menuItem(let item)? = dispatcher.resolve(key: KeyEquivalent(key: "e", modifiers: .command), in: live)?.source else {
            Issue.record("not a menu item"); return
        }
        #expect(item.id == "h-1.export")
        // Not live: the handler declines, nothing else binds e.
        let offline = ValidationScope(session: Session(), catalog: catalog, remote: RemoteHandlers([Self.handler], isLive: false))
        #expect(dispatcher.resolve(key: KeyEquivalent(key: "e"), in: offline) == nil)
        let sheet = dispatcher.keySheet(in: live)
        #expect(sheet.first?.key == KeyEquivalent(key: "e"))
        #expect(sheet.contains { $0.key == KeyEquivalent(key: "e", modifiers: .command) && $0.title == "Export…" })
    }

    @Test func contributedKeysThatCollideAreFoundAndNamed() {
        let bindings = try! KeyBindings([
            KeyBinding(kind: .grid, key: KeyEquivalent(key: "rightArrow"), invocation: Invocation(action: "moveSelection", arguments: ["direction": "right"])),
        ], knownActions: HandlerRegistry.standard.actions)
        let keys = KeyMap(bindings: bindings, menuBar: Self.bar)
        func handler(_ id: String, item key: KeyEquivalent? = nil, binding: KeyEquivalent? = nil) -> RemoteHandler {
            RemoteHandler(
                id: id, responder: "main/grid", action: "export", validation: .enabled,
                menuItems: key.map { [ContributedItem(id: "x", menu: "image", title: "X", keyEquivalent: $0)] } ?? [],
                keyBindings: binding.map { [ContributedBinding(key: $0)] } ?? [])
        }
        let commandA = KeyEquivalent(key: "a", modifiers: .command)
        #expect(KeyConflict.first(for: handler("h-2", item: commandA), kind: .grid, keys: keys, among: .none)
            == .menuItem(id: "selectAll", key: commandA))
        let taken = RemoteHandlers([Self.handler])
        #expect(KeyConflict.first(for: handler("h-2", item: KeyEquivalent(key: "e", modifiers: .command)), kind: .grid, keys: keys, among: taken)?
            .description == "key command+e is already the key equivalent of menu item \"h-1.export\"")
        #expect(KeyConflict.first(for: handler("h-2", binding: KeyEquivalent(key: "rightArrow")), kind: .grid, keys: keys, among: .none)?
            .description == "key rightArrow is already bound to moveSelection on every grid")
        #expect(KeyConflict.first(for: handler("h-2", binding: KeyEquivalent(key: "e")), kind: .grid, keys: keys, among: taken)?
            .description == "key e is already bound to export on the responder by handler h-1")
        #expect(KeyConflict.first(for: handler("h-2", binding: KeyEquivalent(key: "f")), kind: .grid, keys: keys, among: taken) == nil)
    }
}
