import Testing

@testable import ChainModel

struct AutoAdvanceTests {
    private func viewerImage(_ harness: Harness) -> ImageID? { harness.session.window("main")?.viewer.image }

    /// A harness with the main window's viewer showing `image`, auto-advance `on`.
    private func viewing(_ image: Int, autoAdvance on: Bool, count: Int = 5) throws -> Harness {
        var harness = Harness(count: count)
        try harness.send("select", ["images": [.string("img-\(image)")]])
        try harness.send("openImage")
        if on { try harness.send("toggleAutoAdvance") }
        return harness
    }

    @Test func togglingIsAWindowStateShownOnAndOffNotAnUndoStep() throws {
        var harness = Harness()
        #expect(harness.validate("toggleAutoAdvance").validation?.state == .off)
        let outcome = try harness.send("toggleAutoAdvance")
        #expect(outcome.handledBy.string == "main")
        #expect(outcome.result.first { $0.key == "autoAdvance" }?.value == .bool(true))
        #expect(harness.session.window("main")?.autoAdvance == true)
        #expect(harness.validate("toggleAutoAdvance").validation?.state == .on)
        #expect(harness.undoNames.isEmpty)
        try harness.send("toggleAutoAdvance")
        #expect(harness.session.window("main")?.autoAdvance == false)
    }

    @Test(arguments: [
        ("setRating", ["rating": 4] as Arguments), ("setLabel", ["label": "red"] as Arguments),
        ("setFlag", ["flag": "pick"] as Arguments), ("increaseRating", Arguments.empty), ("decreaseRating", Arguments.empty),
    ])
    func aViewersChangeMovesToTheNextImage(action: String, arguments: Arguments) throws {
        var harness = try viewing(2, autoAdvance: true)
        let outcome = try harness.send(action, arguments)
        #expect(outcome.advanced == Advance(from: ImageID(2), to: ImageID(3)))
        #expect(viewerImage(harness) == ImageID(3))
        #expect(outcome.events.contains { $0.type == "imageShown" })
        // The change is the shown image's, not the next one's.
        #expect(outcome.changes.segments.allSatisfy { $0.images == selection(2) })
    }

    @Test func offItStaysAndTheArgumentOverridesOnceEitherWay() throws {
        var off = try viewing(2, autoAdvance: false)
        #expect(try off.send("setRating", ["rating": 5]).advanced == nil)
        #expect(viewerImage(off) == ImageID(2))
        #expect(try off.send("setRating", ["rating": 4, "advance": true]).advanced == Advance(from: ImageID(2), to: ImageID(3)))
        #expect(off.session.window("main")?.autoAdvance == false)

        var on = try viewing(2, autoAdvance: true)
        #expect(try on.send("setFlag", ["flag": "reject", "advance": false]).advanced == nil)
        #expect(viewerImage(on) == ImageID(2))
    }

    @Test func atTheEndItStaysAndSaysSoWithoutWrapping() throws {
        var harness = try viewing(5, autoAdvance: true, count: 5)
        let outcome = try harness.send("setRating", ["rating": 1])
        #expect(outcome.advanced == Advance(from: ImageID(5), to: nil))
        #expect(viewerImage(harness) == ImageID(5))
    }

    @Test func aGridWithOneImageSelectedMovesItsSelectionButNotWithMore() throws {
        var harness = Harness(count: 5)
        try harness.send("toggleAutoAdvance")
        try harness.send("select", ["images": ["img-1"]])
        let one = try harness.send("setLabel", ["label": "green"])
        #expect(one.advanced == Advance(from: ImageID(1), to: ImageID(2)))
        #expect(harness.session.window("main")?.grid?.selection == selection(2))
        #expect(harness.session.window("main")?.grid?.cursor == ImageID(2))
        try harness.send("select", ["images": ["img-3", "img-4"]])
        #expect(try harness.send("setLabel", ["label": "blue"]).advanced == nil)
        #expect(harness.session.window("main")?.grid?.selection == selection(3, 4))
    }

    @Test func undoWritesTheValueBackAndShowsTheImageAgain() throws {
        var harness = try viewing(2, autoAdvance: true)
        let before = harness.rating(2)
        try harness.send("setRating", ["rating": 5])
        #expect(viewerImage(harness) == ImageID(3))
        #expect(harness.undoNames == ["Set Rating"])
        let undone = try harness.send("undo")
        #expect(harness.rating(2) == before)
        #expect(viewerImage(harness) == ImageID(2))
        #expect(undone.events.contains { $0.type == "imageShown" })
        #expect(undone.advanced == nil)
        // Redo writes it again and shows it; it does not advance again.
        try harness.send("redo")
        #expect(harness.rating(2) == 5)
        #expect(viewerImage(harness) == ImageID(2))
    }

    @Test func aBadAdvanceArgumentIsRefused() throws {
        var harness = try viewing(2, autoAdvance: true)
        #expect(throws: CommandFailure.self) { try harness.send("setRating", ["rating": 5, "advance": "yes"]) }
        #expect(throws: CommandFailure.self) { try harness.send("increaseRating", ["advance": 1]) }
        #expect(viewerImage(harness) == ImageID(2))
    }

    @Test func autoAdvanceSurvivesTheArchive() throws {
        let harness = try viewing(2, autoAdvance: true)
        let restored = try Session(restoring: harness.session.archive(entriesAfter: 0))
        #expect(restored.window("main")?.autoAdvance == true)
    }
}
