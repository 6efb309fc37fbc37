import Testing

@testable import ChainModel

struct CompareTests {
    private static let comparePath: ResponderPath = "main/grid/compare"

    private func compare(_ harness: Harness) -> ImageCompare? { harness.session.window("main")?.compare }

    /// A harness comparing `images` (selected, then `compare`).
    private func comparing(_ images: Int...) throws -> Harness {
        var harness = Harness(count: 20)
        try harness.send("select", ["images": .array(images.map { .string("img-\($0)") })])
        try harness.send("compare")
        return harness
    }

    @Test func comparingTheSelectionOpensItWithTheFirstAsSelectAndFocusesIt() throws {
        var harness = Harness()
        try harness.send("select", ["images": ["img-3", "img-1", "img-7"]])
        try harness.send("openImage")
        let outcome = try harness.send("compare")
        #expect(outcome.handledBy.string == "main/grid")
        let opened = try #require(compare(harness))
        #expect(opened.select == ImageID(3))
        #expect(opened.candidates == ids(1, 7))
        #expect(opened.currentCandidate == ImageID(1))
        #expect(opened.zoom == .fit)
        #expect(harness.session.firstResponder == Self.comparePath)
        #expect(harness.session.chain().map(\.string) == ["main/grid/compare", "main/grid", "main", "app"])
        // Instead of the viewer, not beside it.
        #expect(harness.session.window("main")?.viewer.image == nil)
        #expect(outcome.events.map(\.type) == ["viewerClosed", "compareChanged", "focusChanged"])
        #expect(outcome.result.first { $0.key == "select" }?.value == "img-3")
    }

    @Test func explicitImagesWinOverTheSelectionAndRepeatsAreDropped() throws {
        var harness = Harness()
        try harness.send("compare", ["images": ["img-5", "img-6", "img-5", "img-2"]])
        #expect(compare(harness)?.images == ids(5, 6, 2))
    }

    @Test(arguments: [0, 1, 9])
    func fewerThanTwoOrMoreThanEightImagesAreDisabledWithAReason(count: Int) throws {
        var harness = Harness()
        if count > 0 { try harness.send("select", ["images": .array((1...count).map { .string("img-\($0)") })]) }
        let validation = try #require(harness.validate("compare").validation)
        #expect(!validation.isEnabled)
        #expect(validation.reason == "compare takes 2 to 8 images; the selection has \(count)")
        guard case .disabled? = failure({ try harness.send("compare") }) else {
            Issue.record("expected disabled")
            return
        }
        #expect(compare(harness) == nil)
    }

    @Test func anUnknownImageIsNotFound() throws {
        var harness = Harness(count: 5)
        let error = failure { try harness.send("compare", ["images": ["img-1", "img-99"]]) }
        #expect(error == .notFound(kind: .image, name: "img-99", field: "images[1]"))
    }

    @Test func nextAndPreviousCandidateStepWithoutWrapping() throws {
        var harness = try comparing(1, 2, 3, 4)
        #expect(harness.validate("previousCandidate").validation?.reason == "at the first candidate")
        try harness.send("nextCandidate")
        let outcome = try harness.send("nextCandidate")
        #expect(compare(harness)?.currentCandidate == ImageID(4))
        #expect(outcome.result.first { $0.key == "candidate" }?.value == "img-4")
        #expect(harness.validate("nextCandidate").validation?.reason == "at the last candidate")
        try harness.send("previousCandidate")
        #expect(compare(harness)?.currentCandidate == ImageID(3))
    }

    @Test func swapExchangesTheSelectAndTheCurrentCandidateInPlace() throws {
        var harness = try comparing(1, 2, 3)
        try harness.send("nextCandidate")
        try harness.send("swap")
        #expect(compare(harness)?.select == ImageID(3))
        #expect(compare(harness)?.candidates == ids(2, 1))
        #expect(compare(harness)?.currentCandidate == ImageID(1))
        #expect(harness.undoNames.isEmpty)
    }

    @Test func makeSelectNamesAnyCandidateAndKeepsTheOldSelect() throws {
        var harness = try comparing(1, 2, 3, 4)
        try harness.send("makeSelect", ["image": "img-4"])
        #expect(compare(harness)?.select == ImageID(4))
        #expect(compare(harness)?.candidates == ids(2, 3, 1))
        // Default: the current candidate.
        try harness.send("makeSelect")
        #expect(compare(harness)?.select == ImageID(2))
        #expect(harness.validate("makeSelect", ["image": "img-2"]).validation?.reason == "img-2 is the select already")
        let error = failure { try harness.send("makeSelect", ["image": "img-9"]) }
        #expect(error == .invalidArgument(ArgumentError(field: "image", reason: .outOfRange("img-9 is not in the compare"))))
    }

    @Test func removingKeepsTwoAndTheCurrentCandidateReplacesARemovedSelect() throws {
        var harness = try comparing(1, 2, 3, 4)
        try harness.send("nextCandidate")
        try harness.send("removeFromCompare", ["image": "img-1"])
        #expect(compare(harness)?.select == ImageID(3))
        #expect(compare(harness)?.candidates == ids(2, 4))
        #expect(compare(harness)?.currentCandidate == ImageID(4))
        // Default: the current candidate; the current one is then the last left.
        try harness.send("removeFromCompare")
        #expect(compare(harness)?.images == ids(3, 2))
        #expect(compare(harness)?.currentCandidate == ImageID(2))
        #expect(harness.validate("removeFromCompare").validation?.reason == RemoveFromCompare.lastPairReason)
        #expect(failure { try harness.send("removeFromCompare", ["image": "img-7"]) } != nil)
    }

    @Test func setZoomIsSharedAndRangeChecked() throws {
        var harness = try comparing(1, 2)
        try harness.send("setZoom", ["scale": 4, "center": [0.25, 0.75]])
        #expect(compare(harness)?.zoom == CompareZoom(scale: 4, centerX: 0.25, centerY: 0.75))
        // Without a centre, the centre stays.
        try harness.send("setZoom", ["scale": 2])
        #expect(compare(harness)?.zoom == CompareZoom(scale: 2, centerX: 0.25, centerY: 0.75))
        for (arguments, field) in [
            (["scale": 0] as Arguments, "scale"), (["scale": 16.5], "scale"), (["scale": -1], "scale"), (["scale": "big"], "scale"),
            (["scale": 1, "center": [0.5]], "center"), (["scale": 1, "center": [0.5, 1.5]], "center"),
            (["scale": 1, "center": [-0.1, 0.5]], "center"), (["center": [0.5, 0.5]], "scale"),
        ] {
            guard case .invalidArgument(let error)? = failure({ try harness.send("setZoom", arguments) }) else {
                Issue.record("\(arguments) was not refused")
                continue
            }
            #expect(error.field == field)
        }
        #expect(compare(harness)?.zoom.scale == 2)
        #expect(harness.undoNames.isEmpty)
    }

    @Test func closeCompareGivesFocusBackToTheGrid() throws {
        var harness = try comparing(1, 2)
        let outcome = try harness.send("closeCompare")
        #expect(compare(harness) == nil)
        #expect(harness.session.firstResponder.string == "main/grid")
        #expect(outcome.events.map(\.type) == ["compareClosed", "focusChanged"])
        #expect(!harness.session.contains(Self.comparePath))
    }

    @Test func openingAnImageClosesTheCompare() throws {
        var harness = try comparing(1, 2)
        let outcome = try harness.send("openImage", ["image": "img-2"], from: "main/grid")
        #expect(compare(harness) == nil)
        #expect(harness.session.window("main")?.viewer.image == ImageID(2))
        #expect(outcome.events.first?.type == "compareClosed")
    }

    @Test(arguments: [
        ("setRating", ["rating": 4] as Arguments), ("setLabel", ["label": "red"] as Arguments),
        ("setFlag", ["flag": "pick"] as Arguments), ("increaseRating", Arguments.empty),
    ])
    func ratingsLabelsAndFlagsActOnTheSelect(action: String, arguments: Arguments) throws {
        var harness = try comparing(2, 3)
        let outcome = try harness.send(action, arguments)
        #expect(outcome.handledBy == Self.comparePath)
        #expect(outcome.changes.segments.allSatisfy { $0.images == selection(2) })
        #expect(outcome.advanced == nil)
    }

    @Test func anImageArgumentActsOnThatComparedImage() throws {
        var harness = try comparing(2, 3, 4)
        #expect(harness.validate("setRating", ["rating": 4, "image": "img-4"]).validation?.state == .on)
        #expect(harness.validate("setRating", ["rating": 4]).validation?.state == .off)
        try harness.send("setRating", ["rating": 1, "image": "img-4"])
        #expect(harness.rating(4) == 1)
        #expect(harness.rating(2) == 2)
        try harness.send("increaseRating", ["image": "img-3"])
        #expect(harness.rating(3) == 4)
        // Undo writes the value back and leaves the compare as it was.
        try harness.send("undo")
        #expect(harness.rating(3) == 3)
        #expect(compare(harness)?.images == ids(2, 3, 4))
    }

    @Test func anImageArgumentOutsideTheCompareOrToAnotherPerformerIsRefused() throws {
        var harness = try comparing(2, 3)
        guard case .invalidArgument(let error)? = failure({ try harness.send("setFlag", ["flag": "pick", "image": "img-9"]) }) else {
            Issue.record("expected 422")
            return
        }
        #expect(error.field == "image")
        try harness.send("closeCompare")
        guard case .invalidArgument(let other)? = failure({ try harness.send("setRating", ["rating": 1, "image": "img-2"]) }) else {
            Issue.record("a grid took an image argument")
            return
        }
        #expect(other.field == "image")
    }

    @Test func autoAdvanceDoesNothingInCompare() throws {
        var harness = try comparing(2, 3)
        try harness.send("toggleAutoAdvance")
        let outcome = try harness.send("setRating", ["rating": 5, "advance": true])
        #expect(outcome.advanced == nil)
        #expect(compare(harness)?.select == ImageID(2))
        #expect(harness.session.firstResponder == Self.comparePath)
    }

    @Test func theCompareSurvivesTheArchive() throws {
        var harness = try comparing(5, 6, 7)
        try harness.send("nextCandidate")
        try harness.send("setZoom", ["scale": 3, "center": [0.1, 0.9]])
        let restored = try Session(restoring: harness.session.archive(entriesAfter: 0))
        #expect(restored.window("main")?.compare == compare(harness))
        #expect(restored.firstResponder == Self.comparePath)
    }

    @Test(arguments: [
        SessionArchive.CompareArchive(images: ids(1)), SessionArchive.CompareArchive(images: ids(1, 1)),
        SessionArchive.CompareArchive(images: ids(1, 2), current: 1),
        SessionArchive.CompareArchive(images: ids(1, 2), zoom: CompareZoom(scale: 20, centerX: 0.5, centerY: 0.5)),
    ])
    func aDamagedCompareIsRefusedOnRestore(stored: SessionArchive.CompareArchive) throws {
        var archive = Session().archive
        archive.windows[0].compare = stored
        #expect(throws: SessionArchive.Invalid.self) { try Session(restoring: archive) }
    }
}
