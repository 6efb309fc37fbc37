import Testing

@testable import ChainModel

/// Undo that never clobbers another editor: two sessions on one catalog, as two editors.
struct UndoConflictTests {
    /// Editor A and editor B on one catalog of `count` images.
    private struct Editors {
        var a: Harness
        var b: Harness

        init(count: Int = 6) {
            a = Harness(count: count)
            b = Harness(catalog: a.catalog)
        }
    }

    private func result(_ outcome: CommandOutcome, _ key: String) -> JSON? { outcome.result.first { $0.key == key }?.value }

    /// The outcome's conflicts as the answer lists them (`by` stays null: the model cannot know).
    private func conflicts(_ outcome: CommandOutcome) -> JSON? {
        outcome.conflicts.isEmpty ? nil : .array(outcome.conflicts.map(\.json))
    }

    @Test func undoLeavesAnImageAnotherEditorChangedSinceAndSaysSo() throws {
        var editors = Editors()
        try editors.a.send("select", ["images": ["img-1", "img-2", "img-3"]])
        try editors.a.send("setRating", ["rating": 5])
        try editors.b.send("select", ["images": ["img-2"]])
        try editors.b.send("setRating", ["rating": 2])

        let undone = try editors.a.send("undo")
        // img-1 and img-3 go back to what they were (1 and 3); img-2 keeps B's 2.
        #expect(editors.a.rating(1) == 1)
        #expect(editors.a.rating(2) == 2)
        #expect(editors.a.rating(3) == 3)
        #expect(conflicts(undone) == [["image": "img-2", "attribute": "rating", "expected": 5, "found": 2, "by": nil]])
        #expect(result(undone, "conflicts") == nil)
        // What was not written back stays on top as a remainder; Undo Anyway writes it.
        let stack = try #require(editors.a.session.window("main")?.undoStack)
        #expect(stack.undoTop?.isRemainder == true)
        #expect(stack.undoName == nil)
        #expect(editors.a.validate("undo").validation?.isEnabled == false)
        #expect(editors.a.validate("undo", ["force": true]).validation?.title == "Undo Set Rating Anyway")
        let forced = try editors.a.send("undo", ["force": true])
        #expect(conflicts(forced) == nil)
        #expect(editors.a.rating(2) == 2 % 6)  // back to its value before A's change
        #expect(editors.a.session.window("main")?.undoStack.undoTop == nil)
    }

    @Test func aPlainUndoPassesOverTheRemainderToTheEntryBelow() throws {
        var editors = Editors()
        try editors.a.send("select", ["images": ["img-4"]])
        try editors.a.send("setLabel", ["label": "red"])
        try editors.a.send("select", ["images": ["img-5", "img-6"]])
        try editors.a.send("setFlag", ["flag": "pick"])
        try editors.b.send("select", ["images": ["img-6"]])
        try editors.b.send("setFlag", ["flag": "reject"])

        try editors.a.send("undo")  // the flag: img-5 unflagged, img-6 left rejected
        #expect(editors.a.catalog.value(Flag.self, of: ImageID(5)) == Flag.none)
        #expect(editors.a.catalog.value(Flag.self, of: ImageID(6)) == .reject)
        #expect(editors.a.validate("undo").validation?.title == "Undo Set Label")
        let next = try editors.a.send("undo")
        #expect(result(next, "passedOver") == "Set Flag")
        #expect(result(next, "undone") == "Set Label")
        #expect(editors.a.catalog.value(ColorLabel.self, of: ImageID(4)) == ColorLabel.none)
        #expect(editors.a.catalog.value(Flag.self, of: ImageID(6)) == .reject)
    }

    @Test func redoAlsoLeavesWhatChangedSinceTheUndo() throws {
        var editors = Editors()
        try editors.a.send("select", ["images": ["img-1", "img-2"]])
        try editors.a.send("setRating", ["rating": 4])
        try editors.a.send("undo")
        try editors.b.send("select", ["images": ["img-1"]])
        try editors.b.send("setRating", ["rating": 0])
        let redone = try editors.a.send("redo")
        #expect(conflicts(redone) == [["image": "img-1", "attribute": "rating", "expected": 1, "found": 0, "by": nil]])
        #expect(editors.a.rating(1) == 0)
        #expect(editors.a.rating(2) == 4)
    }

    @Test func coalescedStepsExpectTheLastValue() throws {
        var editors = Editors()
        try editors.a.send("select", ["images": ["img-1"]])
        try editors.a.send("increaseRating", at: Moment(nanoseconds: 0))
        try editors.a.send("increaseRating", at: Moment(nanoseconds: 500_000_000))
        #expect(editors.a.undoNames.count == 1)
        #expect(editors.a.rating(1) == 3)
        let undone = try editors.a.send("undo")
        #expect(conflicts(undone) == nil)
        #expect(editors.a.rating(1) == 1)
    }

    @Test func aBatchEntryExpectsWhatTheBatchLeft() throws {
        var editors = Editors()
        try editors.a.batch([
            ("select", ["images": ["img-2", "img-3"]]), ("setRating", ["rating": 5]),
            ("select", ["images": ["img-3"]]), ("setRating", ["rating": 1]),
        ], undoName: "Cull Pass")
        try editors.b.send("select", ["images": ["img-2"]])
        try editors.b.send("setRating", ["rating": 4])
        let undone = try editors.a.send("undo")
        #expect(conflicts(undone) == [["image": "img-2", "attribute": "rating", "expected": 5, "found": 4, "by": nil]])
        #expect(editors.a.rating(3) == 3)
        #expect(editors.a.rating(2) == 4)
    }

    @Test func theSplitIsPureAndReadsOneHistogramWhenNothingConflicts() {
        let catalog = makeCatalog(count: 1_000)
        let images = ImageSelection((1...1_000).map { ImageID(Int64($0)) })
        catalog.apply(.set(Rating.max, on: images))
        let split = UndoSplit(
            restoring: ChangeSet([.init(attribute: Rating.attribute, images: images, values: .all(0))]),
            expected: .set(Rating.max, on: images), in: catalog)
        #expect(split.conflicts.isEmpty)
        #expect(split.clean.segments.count == 1)
        #expect(split.remainder.isEmpty)
    }

    @Test func entriesKeepWhatTheySetThroughTheArchive() throws {
        var harness = Harness()
        try harness.send("select", ["images": ["img-1"]])
        try harness.send("setRating", ["rating": 5])
        let restored = try Session(restoring: harness.session.archive(entriesAfter: 0))
        #expect(restored.window("main")?.undoStack.undoTop?.expectedValues == .set(Rating.max, on: selection(1)))
    }
}
