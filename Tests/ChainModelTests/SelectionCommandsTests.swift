import Testing

@testable import ChainModel

struct SelectionCommandsTests {
    @Test func selectKeepsOrderAndDropsRepeats() throws {
        var harness = Harness()
        let outcome = try harness.send("select", ["images": ["img-3", "img-1", "img-3"]])
        #expect(harness.session.window("main")?.grid?.selection == selection(3, 1))
        #expect(outcome.events.first?.type == "selectionChanged")
    }

    @Test func selectingAnUnknownImageIsNotFoundAndChangesNothing() throws {
        var harness = Harness()
        try harness.send("select", ["images": ["img-1"]])
        let error = failure { try harness.send("select", ["images": ["img-2", "img-999"]]) }
        #expect(error == .notFound(kind: .image, name: "img-999", field: "images[1]"))
        #expect(harness.session.window("main")?.grid?.selection == selection(1))
        let malformed = failure { try harness.send("select", ["images": ["picture"]]) }
        #expect(malformed == .invalidArgument(ArgumentError(field: "images[0]", reason: .wrongType(expected: "an image id like \"img-1\"", found: "\"picture\""))))
    }

    @Test func selectAllAndDeselectAllFollowTheCatalogAndSelection() throws {
        var harness = Harness(count: 5)
        #expect(harness.validate("deselectAll").validation == .disabled("selection is empty"))
        try harness.send("selectAll")
        #expect(harness.session.window("main")?.grid?.selection == selection(1, 2, 3, 4, 5))
        try harness.send("deselectAll")
        #expect(harness.session.window("main")?.grid?.selection == ImageSelection())
        let empty = Harness(count: 1)
        let emptyCatalog = CommandDispatcher.standard.validate(
            Invocation(action: "selectAll"), in: Session(), catalog: InMemoryCatalog())
        #expect(emptyCatalog.validation == .disabled("catalog is empty"))
        #expect(empty.validate("selectAll").validation == .enabled)
    }

    @Test func openImageShowsTheFirstSelectedAndFocusesTheViewer() throws {
        var harness = Harness()
        #expect(harness.validate("openImage").validation == .disabled("selection is empty"))
        try harness.send("select", ["images": ["img-9", "img-2"]])
        let outcome = try harness.send("openImage")
        #expect(harness.session.window("main")?.viewer.image == ImageID(9))
        #expect(harness.session.firstResponder == "main/grid/viewer")
        #expect(outcome.events.map(\.type) == ["imageShown", "focusChanged"])
        let missing = failure { try harness.send("openImage", ["image": "img-404"], from: "main/grid") }
        #expect(missing == .notFound(kind: .image, name: "img-404", field: "image"))
    }

    @Test func viewerStepsThroughTheGridOrderAndCloses() throws {
        var harness = Harness(count: 3)
        try harness.send("openImage", ["image": "img-2"])
        try harness.send("nextImage")
        #expect(harness.session.window("main")?.viewer.image == ImageID(3))
        #expect(harness.validate("nextImage").validation == .disabled("at the end of the grid"))
        try harness.send("previousImage")
        try harness.send("previousImage")
        #expect(harness.validate("previousImage").validation == .disabled("at the start of the grid"))
        try harness.send("closeViewer")
        #expect(harness.session.window("main")?.viewer.image == nil)
        #expect(harness.session.firstResponder == "main/grid")
        try harness.send("focus", ["responder": "main/grid/viewer"])
        #expect(harness.validate("closeViewer").validation == .disabled("viewer shows no image"))
    }

    @Test func aViewerWindowDoesNotCloseItsViewer() throws {
        var harness = Harness()
        try harness.send("newWindow", ["image": "img-1"])
        let resolution = harness.validate("closeViewer")
        #expect(resolution.target == nil)
        #expect(resolution.trace.first?.verdict == .declined("a viewer window closes with closeWindow"))
    }
}
