import Testing

@testable import ChainModel

/// Context menus: per responder kind, validated from the responder clicked, as a right-click
/// on an image leaves the session.
struct ContextMenuTests {
    private static let menus: ContextMenus = {
        let json = try! JSONParser.parse(Array(#"""
            {"grid": [{"id": "open", "title": "Open", "action": "openImage"},
                      {"id": "rating", "title": "Rating", "items": [
                          {"id": "five", "title": "★★★★★", "action": "setRating", "args": {"rating": 5}}]}],
             "viewer": [{"id": "close", "title": "Close", "action": "closeViewer"},
                        {"id": "five", "title": "★★★★★", "action": "setRating", "args": {"rating": 5}}]}
            """#.utf8))
        return try! ContextMenus(definition: json, knownActions: HandlerRegistry.standard.actions)
    }()

    @Test func aRightClickedImageIsValidatedAsIfSelectedAndTheSessionIsUnchanged() throws {
        var harness = Harness(count: 10)
        try harness.send("select", ["images": ["img-1", "img-2"]])
        let validator = MenuValidator(dispatcher: harness.dispatcher)
        let grid = try #require(Self.menus.menu(of: .grid))
        // img-7 is rated 1 (id % 6): as clicked, ★★★★★ is off for it alone.
        let clicked = harness.session.clicked(ImageID(7), inGrid: "main/grid")
        #expect(clicked.window("main")?.grid?.selection == selection(7))
        let entries = validator.validate(grid, in: clicked, catalog: harness.catalog, from: "main/grid")
        #expect(validatedItem(entries, "five")?.state == .off)
        #expect(validatedItem(entries, "five")?.target == "main/grid")
        #expect(validatedItem(entries, "open")?.isEnabled == true)
        // A click on an image already selected keeps the selection (img-2 is rated 2, img-1 1).
        let kept = harness.session.clicked(ImageID(2), inGrid: "main/grid")
        #expect(kept.window("main")?.grid?.selection == selection(1, 2))
        #expect(harness.session.window("main")?.grid?.selection == selection(1, 2))
    }

    @Test func theWalkStartsAtTheResponderClickedNotTheFirstResponder() throws {
        var harness = Harness(count: 10)
        try harness.send("openImage", ["image": "img-3"])
        try harness.send("focus", ["responder": "main/grid"])
        let validator = MenuValidator(dispatcher: harness.dispatcher)
        let viewer = try #require(Self.menus.menu(of: .viewer))
        let entries = validator.validate(viewer, in: harness.session, catalog: harness.catalog, from: "main/grid/viewer", explain: true)
        #expect(validatedItem(entries, "close")?.isEnabled == true)
        #expect(validatedItem(entries, "five")?.target == "main/grid/viewer")
        #expect(validatedItem(entries, "five")?.trace?.first?.responder == "main/grid/viewer")
    }

    @Test func declarationsAreCheckedWithPaths() {
        let known = HandlerRegistry.standard.actions
        for (text, path) in [
            (#"{"menu": []}"#, "contextMenus.menu"),
            (#"{"grid": {}}"#, "contextMenus.grid"),
            (#"{"grid": [{"id": "a", "title": "A"}]}"#, "contextMenus.grid[0].action"),
            (#"{"grid": [{"id": "a", "title": "A", "action": "fly"}]}"#, "contextMenus"),
            (#"{"grid": [{"id": "a", "title": "A", "action": "selectAll"}, {"id": "a", "title": "B", "action": "deselectAll"}]}"#, "contextMenus"),
            (#"[1]"#, "contextMenus"),
        ] {
            do {
                _ = try ContextMenus(definition: try JSONParser.parse(Array(text.utf8)), knownActions: known)
                Issue.record("accepted \(text)")
            } catch let error as MenuBar.DefinitionError {
                #expect(error.path == path, "\(text): \(error)")
            } catch {
                Issue.record("\(text): \(error)")
            }
        }
        #expect(ContextMenus.none.menu(of: .grid) == nil)
    }
}
