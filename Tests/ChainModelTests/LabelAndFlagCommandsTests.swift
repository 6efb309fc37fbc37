import Testing

@testable import ChainModel

/// `setLabel` and `setFlag` go through the same generic path as `setRating`: states over
/// the selection, the viewer first, undo and redo with their own titles, argument errors.
struct LabelAndFlagCommandsTests {
    @Test func labelStateIsOnOffOrMixedOverTheSelection() throws {
        var harness = Harness()
        try harness.send("select", ["images": ["img-1", "img-2"]])
        try harness.send("setLabel", ["label": "red"])
        try harness.send("select", ["images": ["img-1", "img-2", "img-3"]])
        #expect(harness.validate("setLabel", ["label": "red"]).validation?.state == .mixed)
        #expect(harness.validate("setLabel", ["label": "none"]).validation?.state == .mixed)
        #expect(harness.validate("setLabel", ["label": "blue"]).validation?.state == .off)
        try harness.send("select", ["images": ["img-2", "img-1"]])
        #expect(harness.validate("setLabel", ["label": "red"]).validation?.state == .on)
    }

    @Test func flagsGoToTheViewersImageFirst() throws {
        var harness = Harness()
        try harness.send("select", ["images": ["img-1", "img-2"]])
        try harness.send("openImage", ["image": "img-7"])
        let outcome = try harness.send("setFlag", ["flag": "pick"])
        #expect(outcome.handledBy == "main/grid/viewer")
        #expect(outcome.changes == .set(Flag.pick, on: selection(7)))
        #expect(outcome.events.map(\.type) == ["flagChanged"])
        #expect(outcome.events[0].payload.first?.value == [["id": "img-7", "flag": "pick"]])
        #expect(outcome.result.map(\.key) == ["flag", "count"])
        #expect(harness.catalog.value(Flag.self, of: ImageID(7)) == .pick)
        #expect(harness.catalog.value(Flag.self, of: ImageID(1)) == Flag.none)
        #expect(harness.validate("setFlag", ["flag": "pick"]).validation?.state == .on)
    }

    @Test(arguments: [("setLabel", "label", "Label"), ("setFlag", "flag", "Flag")])
    func undoAndRedoRestoreEachImagesOwnValue(action: String, field: String, title: String) throws {
        var harness = Harness()
        let values: [JSON] = field == "label" ? ["red", "green"] : ["pick", "reject"]
        try harness.send("select", ["images": ["img-1"]])
        try harness.send(action, [field: values[0]])
        try harness.send("select", ["images": ["img-1", "img-2"]])
        try harness.send(action, [field: values[1]])
        #expect(harness.validate("undo").validation?.title == "Undo Set \(title)")

        let undone = try harness.send("undo")
        #expect(undone.result.first?.value == .string("Set \(title)"))
        let attribute = try #require(Attribute.named(field))
        #expect(harness.catalog.code(of: ImageID(1), attribute) == 1)
        #expect(harness.catalog.code(of: ImageID(2), attribute) == 0)
        #expect(harness.validate("redo").validation?.title == "Redo Set \(title)")

        try harness.send("redo")
        let second = try attribute.code(values[1], field: field)
        #expect(harness.catalog.code(of: ImageID(1), attribute) == second)
        #expect(harness.catalog.code(of: ImageID(2), attribute) == second)
    }

    @Test(arguments: [
        ("setLabel", ["label": "pink"] as JSON, "label"),
        ("setLabel", ["label": 1] as JSON, "label"),
        ("setLabel", [:] as JSON, "label"),
        ("setLabel", ["label": "red", "rating": 5] as JSON, "rating"),
        ("setFlag", ["flag": "maybe"] as JSON, "flag"),
        ("setFlag", ["flag": true] as JSON, "flag"),
        ("setFlag", ["flag": nil] as JSON, "flag"),
    ])
    func badValuesAreInvalidArgumentsAndChangeNothing(action: String, args: JSON, field: String) throws {
        var harness = Harness()
        try harness.send("select", ["images": ["img-1"]])
        let error = failure { try harness.send(action, Arguments(args.objectMembers ?? [])) }
        guard case .invalidArgument(let argument) = error else {
            Issue.record("expected an invalid argument, got \(String(describing: error))")
            return
        }
        #expect(argument.field == field)
        #expect(harness.catalog.value(ColorLabel.self, of: ImageID(1)) == ColorLabel.none)
        #expect(harness.catalog.value(Flag.self, of: ImageID(1)) == Flag.none)
    }

    @Test func aHugeUndoStepIsHeldCompactly() throws {
        let count = 200_000
        let catalog = InMemoryCatalog(ratings: (1...count).map { (id: ImageID(Int64($0)), rating: Rating($0 % 6)!) })
        var session = Session()
        for invocation in [Invocation(action: "selectAll"), Invocation(action: "setRating", arguments: ["rating": 5])] {
            let outcome = try CommandDispatcher.standard.perform(invocation, in: session, catalog: catalog)
            catalog.apply(outcome.changes)
            session = outcome.session
        }
        let grid = try #require(session.window("main")?.grid)
        #expect(grid.selection.runs.count == 1, "selectAll over consecutive ids is one run")
        let entry = try #require(session.window("main")?.undoStack.undoEntries.last)
        guard case .restore(let previous, _) = entry.step else {
            Issue.record("a rating change records its previous values as data")
            return
        }
        // One segment over one run of ids, with a byte per image: not an entry per image.
        #expect(previous.segments.count == 1)
        #expect(previous.segments[0].images.runs.count == 1)
        guard case .each(let codes) = previous.segments[0].values else {
            Issue.record("varied previous ratings are kept per image")
            return
        }
        #expect(codes.count == count)

        let undone = try CommandDispatcher.standard.perform(Invocation(action: "undo"), in: session, catalog: catalog)
        catalog.apply(undone.changes)
        #expect(catalog.rating(of: ImageID(7)) == Rating(1))
        #expect(catalog.rating(of: ImageID(12)) == Rating(0))
        let event = try #require(undone.events.first)
        #expect(event.payload.first { $0.key == "count" }?.value == .number(Double(count)))
        #expect(event.payload.first { $0.key == "truncated" }?.value == true)
        #expect(event.payload.first { $0.key == "images" }?.value.arrayValue?.count == Event.listLimit)
        // The redo step sets one value on the same run: a single code.
        let redo = try #require(undone.session.window("main")?.undoStack.redoEntries.last)
        guard case .restore(let next, _) = redo.step else { return }
        #expect(next.segments.map(\.values) == [.all(5)])
    }
}
