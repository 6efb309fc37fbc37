import Testing

@testable import ChainModel

@Suite struct SessionArchiveTests {
    @Test func aSessionRestoredFromItsArchiveIsTheSameSession() throws {
        var harness = Harness()
        try harness.send("select", ["images": ["img-2", "img-3"]])
        try harness.send("setRating", ["rating": 5])
        try harness.send("setFlag", ["flag": "pick"])
        try harness.send("undo")
        try harness.send("openInNewWindow")
        let archive = harness.session.archive

        let restored = try Session(restoring: archive)
        #expect(restored.archive == archive)
        #expect(restored.firstResponder == harness.session.firstResponder)
        #expect(restored.chain() == harness.session.chain())
        #expect(restored.window("main")?.undoStack.undoName == "Set Rating")
        #expect(restored.window("main")?.undoStack.redoName == "Set Flag")

        // It goes on as the original would: undo, then a new window named past the old ones.
        var again = Harness()
        again.session = restored
        for image in 2...3 { again.catalog.apply(ChangeSet.set(Rating.max, on: ImageSelection.one(ImageID(Int64(image))))) }
        try again.send("focus", ["responder": "main/grid"])
        try again.send("undo")
        #expect(again.rating(2) == 2 && again.rating(3) == 3)
        try again.send("newWindow")
        #expect(Set(again.session.windows.map(\.id)).count == again.session.windows.count)
        #expect(again.session.archive.lastUndoSerial > archive.lastUndoSerial)
    }

    @Test func anArchiveNoSessionCouldHaveIsRefused() {
        let good = Session().archive
        var repeated = good
        repeated.windows.append(repeated.windows[0])
        var lostFocus = good
        lostFocus.firstResponder = "w9/grid"
        var badName = good
        badName.windows[0].id = "main/grid"
        var viewerSelection = good
        viewerSelection.windows = [SessionArchive.WindowArchive(id: "w2", kind: .viewer, selection: ImageSelection.one(ImageID(1)))]
        viewerSelection.firstResponder = "w2/viewer"
        let entries = (1...101).map { SessionArchive.EntryArchive(serial: $0, name: "\($0)", changes: ChangeSet()) }
        var tooDeep = good
        tooDeep.entries = entries
        tooDeep.windows[0].undo = [1...101]
        var billions = good
        billions.entries = entries
        billions.windows[0].redo = [1...(1 << 40)]
        var descending = good
        descending.entries = entries
        descending.windows[0].undo = [5...5, 3...4]
        var missing = good
        missing.entries = entries
        missing.windows[0].undo = [99...102]
        for archive in [repeated, lostFocus, badName, viewerSelection, tooDeep, billions, descending, missing] {
            #expect(throws: SessionArchive.Invalid.self) { try Session(restoring: archive) }
        }
    }
}
