import Testing

@testable import ChainModel

struct CommandDispatcherTests {
    @Test func walksFromTheFirstResponderToTheFirstThatHandles() throws {
        var harness = Harness()
        try harness.send("select", ["images": ["img-1", "img-2"]])
        let resolution = harness.validate("setRating", ["rating": 3])
        #expect(resolution.target == "main/grid")
        #expect(resolution.validation?.isEnabled == true)
        try harness.send("openImage")
        let fromViewer = harness.validate("setRating", ["rating": 3])
        #expect(fromViewer.target == "main/grid/viewer")
        #expect(harness.validate("undo").target == "main")
        #expect(harness.validate("newWindow").target == "app")
    }

    @Test func explainTracesEveryResponderVisited() throws {
        var harness = Harness()
        try harness.send("focus", ["responder": "main/grid/viewer"])
        let trace = harness.validate("setRating", ["rating": 5]).trace
        #expect(trace.map(\.responder) == ["main/grid/viewer", "main/grid"])
        #expect(trace[0].verdict == .declined("viewer shows no image"))
        #expect(trace[1].verdict == .handles(.disabled("selection is empty")))
        #expect(trace[1].explanation.contains("selection is empty"))
        let undo = harness.validate("undo").trace
        #expect(undo.map(\.hasHandler) == [false, false, true])
        #expect(undo[1].verdict == .noHandler)
    }

    @Test func unknownActionIsNotFound() {
        var harness = Harness()
        #expect(failure { try harness.send("fly") } == .notFound(kind: .action, name: "fly", field: "action"))
    }

    @Test func nobodyOnTheChainIsUnhandled() {
        var harness = Harness()
        let error = failure { try harness.send("nextImage") }
        #expect(error == .unhandled(action: "nextImage", chain: ["main/grid", "main", "app"]))
    }

    @Test func aDisabledPerformerRefusesAndChangesNothing() {
        var harness = Harness()
        let before = harness.rating(1)
        let error = failure { try harness.send("setRating", ["rating": 5]) }
        #expect(error == .disabled(action: "setRating", responder: "main/grid", reason: "selection is empty"))
        #expect(harness.rating(1) == before)
    }

    static let badRatings: [(Arguments, ArgumentError)] = [
        (["rating": 7], ArgumentError(field: "rating", reason: .outOfRange("7 is not in 0...5"))),
        (["rating": "five"], ArgumentError(field: "rating", reason: .wrongType(expected: "an integer from 0 to 5", found: "string"))),
        (["rating": 2.5], ArgumentError(field: "rating", reason: .wrongType(expected: "an integer from 0 to 5", found: "2.5"))),
        ([:], ArgumentError(field: "rating", reason: .missing)),
        (["rating": 1, "ratin": 2], ArgumentError(field: "ratin", reason: .unexpected)),
    ]

    @Test(arguments: badRatings)
    func badArgumentsAreInvalidWhateverTheState(arguments: Arguments, expected: ArgumentError) {
        var harness = Harness()
        #expect(failure { try harness.send("setRating", arguments) } == .invalidArgument(expected))
    }

    @Test func anExplicitTargetStartsTheWalkThere() throws {
        var harness = Harness()
        try harness.send("newWindow", ["kind": "viewer", "image": "img-4"])
        #expect(harness.session.firstResponder == "w2/viewer")
        try harness.send("select", ["images": ["img-1"]], from: "main/grid")
        let outcome = try harness.send("setRating", ["rating": 2], from: "main/grid")
        #expect(outcome.handledBy == "main/grid")
        #expect(harness.rating(1) == 2)
        #expect(harness.rating(4) == 4)
        let missing = failure { try harness.send("setRating", ["rating": 2], from: "w9/grid") }
        #expect(missing == .notFound(kind: .responder, name: "w9/grid", field: "target"))
    }

    @Test func handlersRegisteredAtRunTimeRunAndCanBeRemoved() throws {
        var harness = Harness()
        let token = try harness.session.attach(.handler(ActionHandler(
            validate: { _ in .handles(.enabled(state: .on, title: "Say Hello")) },
            perform: { context in context.result = [(key: "said", value: "hello")] }
        ), action: "hello"), to: "main")
        #expect(harness.validate("hello").validation?.title == "Say Hello")
        let outcome = try harness.send("hello")
        #expect(outcome.handledBy == "main")
        #expect(outcome.result.map(\.key) == ["said"])
        #expect(outcome.result.first?.value == "hello")
        let removed = harness.session.detach(token)
        let removedAgain = harness.session.detach(token)
        #expect(removed)
        #expect(!removedAgain)
        #expect(failure { try harness.send("hello") } == .notFound(kind: .action, name: "hello", field: "action"))
    }

    @Test func anInstanceHandlerOverridesTheKindsAndRegistryHandlersToo() throws {
        var harness = Harness()
        try harness.session.attach(.handler(ActionHandler(
            validate: { _ in .declined("grid lets this one pass") }, perform: { _ in }
        ), action: "selectAll"), to: "main/grid")
        #expect(harness.validate("selectAll").target == nil)
        var registry = HandlerRegistry.standard
        let token = registry.register(.handler(ActionHandler(
            validate: { _ in .handles(.disabled("frozen")) }, perform: { _ in }
        ), action: "newWindow"), on: .application)
        harness.dispatcher = CommandDispatcher(registry: registry)
        #expect(harness.validate("newWindow").validation == .disabled("frozen"))
        let removed = harness.dispatcher.registry.remove(token)
        #expect(removed)
        #expect(harness.validate("newWindow").validation == .enabled)
    }

    @Test func windowsRedirectToTheirContent() throws {
        var harness = Harness()
        try harness.send("select", ["images": ["img-2"]])
        try harness.send("focus", ["responder": "main"])
        let resolution = harness.validate("setRating", ["rating": 1])
        #expect(resolution.target == "main/grid")
        #expect(resolution.trace.map(\.verdict).contains(.redirected(to: "main/grid")))
        try harness.send("setRating", ["rating": 1])
        #expect(harness.rating(2) == 1)
        try harness.send("newWindow", ["image": "img-5"])
        try harness.send("focus", ["responder": "w2"])
        #expect(harness.validate("nextImage").target == "w2/viewer")
    }

    @Test func aRedirectRegisteredAtRunTimeNamesAnotherTarget() throws {
        var harness = Harness()
        try harness.send("newWindow", ["image": "img-5"])
        try harness.session.attach(.redirect(Redirect { action, _, _ in
            action == "selectAll" ? "main/grid" : nil
        }), to: "w2")
        let outcome = try harness.send("selectAll")
        #expect(outcome.handledBy == "main/grid")
        #expect(harness.session.window("main")?.grid?.selection.count == 20)
    }
}
