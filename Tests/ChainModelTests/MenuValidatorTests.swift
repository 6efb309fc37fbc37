import Testing

@testable import ChainModel

struct MenuValidatorTests {
    let bar = try! MenuBar(menus: [
        Menu(id: "image", title: "Image", entries: [
            .submenu(Menu(id: "rating", title: "Rating", entries: (0...5).map { value in
                .item(MenuItem(id: "rating.\(value)", title: "\(value)", action: "setRating", arguments: ["rating": .number(Double(value))]))
            })),
            .item(MenuItem(id: "next", title: "Next Image", action: "nextImage")),
        ]),
        Menu(id: "edit", title: "Edit", entries: [.item(MenuItem(id: "undo", title: "Undo", action: "undo"))]),
    ], knownActions: HandlerRegistry.standard.actions)

    func flatten(_ entries: [ValidatedMenuEntry]) -> [String: ValidatedMenuItem] {
        var items: [String: ValidatedMenuItem] = [:]
        for entry in entries {
            switch entry {
            case .item(let item): items[item.item.id] = item
            case .submenu(_, _, let children): items.merge(flatten(children)) { a, _ in a }
            }
        }
        return items
    }

    @Test func validatesEveryItemAgainstTheChainInOnePass() throws {
        var harness = Harness()
        try harness.send("select", ["images": ["img-5", "img-4"]])
        try harness.send("setRating", ["rating": 4])
        try harness.send("select", ["images": ["img-5", "img-4", "img-3"]])
        let items = flatten(MenuValidator(dispatcher: harness.dispatcher).validate(bar, in: harness.session, catalog: harness.catalog))
        #expect(items["rating.4"]?.state == .mixed)
        #expect(items["rating.2"]?.state == .off)
        #expect(items["rating.4"]?.target == "main/grid")
        #expect(items["rating.4"]?.isEnabled == true)
        #expect(items["next"]?.isEnabled == false)
        #expect(items["next"]?.target == nil)
        #expect(items["undo"]?.title == "Undo Set Rating")
        #expect(items["undo"]?.target == "main")
        #expect(items["undo"]?.trace == nil)
    }

    @Test func explainCarriesTheTracePerItem() throws {
        let harness = Harness()
        let items = flatten(MenuValidator(dispatcher: harness.dispatcher).validate(bar, in: harness.session, catalog: harness.catalog, explain: true))
        let trace = try #require(items["rating.5"]?.trace)
        #expect(trace.map(\.responder) == ["main/grid"])
        #expect(trace[0].verdict == .handles(.disabled("selection is empty")))
        #expect(items["next"]?.trace?.map(\.responder) == ["main/grid", "main", "app"])
    }

    @Test func itemsSayWhetherTheirValidationReadTheCatalog() throws {
        var harness = Harness()
        try harness.send("select", ["images": ["img-5", "img-4"]])
        let validator = MenuValidator(dispatcher: harness.dispatcher)
        let items = flatten(validator.validate(bar, in: harness.session, catalog: harness.catalog))
        // The rating items count values over the selection (one histogram, shared: each
        // item still says it read it); Undo reads only the window's stack.
        #expect((0...5).allSatisfy { items["rating.\($0)"]?.readsCatalog == true })
        #expect(items["undo"]?.readsCatalog == false)
        // Validating a subset in one pass gives the same answers.
        let subset = validator.validate([try #require(bar.item(id: "rating.3")), try #require(bar.item(id: "undo"))],
                                        in: harness.session, catalog: harness.catalog)
        #expect(subset.map(\.item.id) == ["rating.3", "undo"])
        #expect(subset.map(\.state) == [items["rating.3"]!.state, items["undo"]!.state])
        #expect(subset.map(\.readsCatalog) == [true, false])
    }
}
