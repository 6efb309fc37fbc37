import Testing

@testable import ChainModel

struct WindowCommandsTests {
    @Test func undoRestoresEachImagesPreviousRatingAndRedoReappliesIt() throws {
        var harness = Harness()
        try harness.send("select", ["images": ["img-1", "img-2", "img-3", "img-9"]])
        let before = [1, 2, 3, 9].map(harness.rating)
        #expect(harness.validate("undo").validation == .disabled("nothing to undo", title: "Undo"))
        try harness.send("setRating", ["rating": 5])
        #expect(harness.validate("undo").validation == .enabled(title: "Undo Set Rating"))
        #expect(harness.validate("redo").validation?.title == "Redo")

        let undo = try harness.send("undo")
        #expect(undo.handledBy == "main")
        #expect([1, 2, 3, 9].map(harness.rating) == before)
        #expect(undo.events.map(\.type) == ["ratingChanged"])
        #expect(harness.validate("undo").validation?.isEnabled == false)
        #expect(harness.validate("redo").validation == .enabled(title: "Redo Set Rating"))

        try harness.send("redo")
        #expect([1, 2, 3, 9].map(harness.rating) == [5, 5, 5, 5])
        #expect(harness.validate("undo").validation?.title == "Undo Set Rating")
        #expect(harness.validate("redo").validation?.isEnabled == false)
    }

    @Test func aNewChangeClearsRedoAndEachWindowHasItsOwnStack() throws {
        var harness = Harness()
        try harness.send("select", ["images": ["img-1"]])
        try harness.send("setRating", ["rating": 4])
        try harness.send("increaseRating")
        try harness.send("undo")
        try harness.send("decreaseRating")
        #expect(harness.validate("redo").validation?.isEnabled == false)
        #expect(harness.session.window("main")?.undoStack.undoEntries.map(\.name) == ["Set Rating", "Decrease Rating"])
        try harness.send("newWindow", ["image": "img-2"])
        #expect(harness.validate("undo").validation?.isEnabled == false)
        try harness.send("setRating", ["rating": 0])
        #expect(harness.validate("undo").validation?.title == "Undo Set Rating")
        try harness.send("undo")
        #expect(harness.rating(2) == 2)
        #expect(harness.rating(1) == 3)
    }

    @Test func closeWindowBroadcastsAndMovesFocus() throws {
        var harness = Harness()
        try harness.send("newWindow")
        let outcome = try harness.send("closeWindow")
        #expect(outcome.handledBy == "w2")
        #expect(outcome.events.map(\.type) == ["windowClosed", "focusChanged"])
        #expect(outcome.events[0].isBroadcast)
        #expect(harness.session.firstResponder == "main/grid")
    }

    @Test func focusAndNewWindowBelongToTheApplication() throws {
        var harness = Harness()
        let opened = try harness.send("newWindow", ["kind": "browser"])
        #expect(opened.handledBy == "app")
        #expect(harness.session.firstResponder == "w2/grid")
        #expect(failure { try harness.send("focus", ["responder": "w7"]) } == .notFound(kind: .responder, name: "w7", field: "responder"))
        #expect(failure { try harness.send("newWindow", ["kind": "dialog"]) } == .invalidArgument(
            ArgumentError(field: "kind", reason: .outOfRange("\"dialog\" is not one of browser, viewer"))))
        #expect(failure { try harness.send("newWindow", ["image": "img-77"]) } == .notFound(kind: .image, name: "img-77", field: "image"))
    }
}

struct WindowLimitTests {
    @Test func aSessionOpensAtMostItsWindowLimit() throws {
        var harness = Harness()
        for _ in 1..<Session.maxWindows { try harness.send("newWindow") }
        #expect(harness.session.windows.count == Session.maxWindows)
        #expect(harness.validate("newWindow").validation?.isEnabled == false)
        #expect(failure { try harness.send("newWindow") } == .disabled(
            action: "newWindow", responder: "app", reason: "a session has at most \(Session.maxWindows) windows; close one first"))
        try harness.send("closeWindow")
        #expect(harness.validate("newWindow").validation?.isEnabled == true)
    }
}
