import Testing

@testable import ChainModel

struct MenuBarTests {
    static let actions = HandlerRegistry.standard.actions

    func item(_ id: String, _ action: String, key: String? = nil, _ modifiers: Modifiers = [], args: Arguments = .empty) -> MenuEntry {
        .item(MenuItem(id: id, title: id, action: action, arguments: args, keyEquivalent: key.map { KeyEquivalent(key: $0, modifiers: modifiers) }))
    }

    @Test func looksItemsUpByIdAndByKey() throws {
        let bar = try MenuBar(menus: [
            Menu(id: "edit", title: "Edit", entries: [
                item("undo", "undo", key: "z", .command),
                item("redo", "redo", key: "Z", .command),
                .submenu(Menu(id: "rating", title: "Rating", entries: [item("rating.5", "setRating", key: "5", args: ["rating": 5])])),
            ]),
        ], knownActions: Self.actions)
        #expect(bar.item(id: "rating.5")?.arguments == ["rating": 5])
        #expect(bar.item(forKey: "z", modifiers: .command)?.id == "undo")
        #expect(bar.item(forKey: "z", modifiers: [.command, .shift])?.id == "redo")
        #expect(bar.item(forKey: "Z", modifiers: .command)?.id == "redo")
        #expect(bar.item(forKey: "5", modifiers: [])?.id == "rating.5")
        #expect(bar.item(forKey: "5", modifiers: .command) == nil)
        #expect(bar.allItems.count == 3)
    }

    @Test func refusesAKeyEquivalentBoundTwiceNamingBothItems() {
        #expect(throws: MenuError(problems: [.duplicateKey(key: KeyEquivalent(key: "a", modifiers: .command), items: ["selectAll", "other"])])) {
            try MenuBar(menus: [Menu(id: "m", title: "M", entries: [
                item("selectAll", "selectAll", key: "a", .command),
                item("other", "deselectAll", key: "a", .command),
            ])], knownActions: Self.actions)
        }
    }

    @Test func refusesUnknownActionsAndRepeatedIds() {
        do {
            _ = try MenuBar(menus: [Menu(id: "m", title: "M", entries: [
                item("fly", "fly"), item("dup", "undo"), item("dup", "redo"),
            ])], knownActions: Self.actions)
            Issue.record("menu accepted")
        } catch {
            #expect(error.problems == [.unknownAction(item: "fly", action: "fly"), .duplicateID("dup")])
            #expect(error.description.contains("item \"fly\" names unknown action \"fly\""))
        }
    }

    @Test func modifierNamesParseAndUnknownOnesAreNamed() throws {
        #expect(try Modifiers(names: ["cmd", "Shift"]) == [.command, .shift])
        #expect(throws: ModifierError(name: "hyper")) { try Modifiers(names: ["hyper"]) }
        #expect(KeyEquivalent(key: "Z", modifiers: .command).description == "shift+command+z")
    }
}
