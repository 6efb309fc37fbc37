import ChainSupport
import Synchronization
import Testing

@testable import ChainModel

struct EventBubblingTests {
    /// A harness with img-1 selected, ready to emit `ratingChanged` from `main/grid`.
    func selected() throws -> Harness {
        var harness = Harness()
        try harness.send("select", ["images": ["img-1"]])
        return harness
    }

    @Test func ancestorsObserveEventsOfTheirTypeInChainOrder() throws {
        var harness = try selected()
        let seen = Lock<[String]>([])
        for path: ResponderPath in ["app", "main", "main/grid"] {
            try harness.session.attach(.observer(EventObserver("ratingChanged") { event, responder, _ in
                seen.withLock { $0.append("\(responder):\(event.type)") }
                return .pass
            }), to: path)
        }
        try harness.session.attach(.observer(EventObserver("selectionChanged") { _, _, _ in
            Issue.record("observer of another type was called")
            return .pass
        }), to: "main")
        let outcome = try harness.send("setRating", ["rating": 2])
        #expect(seen.withLock { $0 } == ["main/grid:ratingChanged", "main:ratingChanged", "app:ratingChanged"])
        #expect(outcome.deliveries[0].hops.map(\.action) == [.observed, .observed, .observed])
        #expect(outcome.events.map(\.type) == ["ratingChanged"])
    }

    @Test func aConsumedEventGoesNoFurther() throws {
        var harness = try selected()
        try harness.session.attach(.observer(EventObserver(nil) { _, _, _ in .consume }), to: "main")
        try harness.session.attach(.observer(EventObserver(nil) { _, _, _ in
            Issue.record("app saw a consumed event")
            return .pass
        }), to: "app")
        let outcome = try harness.send("setRating", ["rating": 2])
        #expect(outcome.events.isEmpty)
        #expect(outcome.deliveries[0].consumedBy == "main")
        #expect(harness.rating(1) == 2, "consuming the event does not undo the command")
    }

    @Test func anAncestorMayReplaceAnEvent() throws {
        var harness = try selected()
        try harness.session.attach(.observer(EventObserver("ratingChanged") { _, responder, _ in
            .replace(Event(type: "catalogEdited", payload: [(key: "by", value: .string(responder.string))]))
        }), to: "main")
        let outcome = try harness.send("setRating", ["rating": 2])
        #expect(outcome.events == [Event(type: "catalogEdited", payload: [(key: "by", value: "main")], source: "main")])
        #expect(outcome.deliveries[0].hops.map(\.action) == [.replaced(by: "catalogEdited")])
    }

    @Test func broadcastsReachEveryResponderAndCannotBeConsumed() throws {
        var harness = Harness()
        try harness.send("newWindow", ["kind": "browser"])
        try harness.session.attach(.observer(EventObserver("windowOpened") { _, _, _ in .consume }), to: "app")
        let outcome = try harness.send("newWindow")
        let opened = try #require(outcome.deliveries.first { $0.emitted.type == "windowOpened" })
        #expect(opened.consumedBy == nil)
        #expect(opened.hops.map(\.action) == [.ignored])
        #expect(outcome.events.map(\.type).contains("windowOpened"))
    }

    @Test func kindObserversSeeEventsOfEverySession() throws {
        var registry = HandlerRegistry.standard
        let count = Lock(0)
        registry.register(.observer(EventObserver("selectionChanged") { _, _, _ in
            count.withLock { $0 += 1 }
            return .pass
        }), on: .window)
        var harness = Harness()
        harness.dispatcher = CommandDispatcher(registry: registry)
        try harness.send("selectAll")
        try harness.send("deselectAll")
        #expect(count.withLock { $0 } == 2)
    }

    @Test func errorsBubbleToCatchersThatTransformThem() throws {
        var harness = Harness()
        try harness.session.attach(.handler(ActionHandler(
            validate: { _ in .handles(.enabled) },
            perform: { _ throws(CommandError) in throw .notFound(kind: .image, name: "img-500", field: nil) }
        ), action: "reload"), to: "main/grid")
        try harness.session.attach(.catcher(ErrorCatcher { error, _ in
            guard case .notFound(.image, let name, _) = error else { return .pass }
            return .replace(.rejected(code: "stale-image", message: "\(name) was removed", responder: "main"))
        }), to: "main")
        do {
            try harness.send("reload")
            Issue.record("reload succeeded")
        } catch {
            #expect(error.error == .rejected(code: "stale-image", message: "img-500 was removed", responder: "main"))
            #expect(error.catches.map(\.responder) == ["main"])
        }
    }

    @Test func aCatcherMayRecoverWithAnEventAndNothingChanges() throws {
        var harness = try selected()
        try harness.session.attach(.handler(ActionHandler(
            validate: { _ in .handles(.enabled) },
            perform: { context throws(CommandError) in
                context.change(ratings((1, 5)), undoName: "Fail")
                throw .rejected(code: "disk", message: "disk on fire", responder: context.performer)
            }
        ), action: "risky"), to: "main/grid")
        try harness.session.attach(.catcher(ErrorCatcher { _, _ in
            .recover(Event(type: "riskAverted"))
        }), to: "app")
        let outcome = try harness.send("risky")
        #expect(outcome.events.map(\.type) == ["riskAverted"])
        #expect(outcome.catches.map(\.responder) == ["app"])
        #expect(outcome.changes.isEmpty)
        #expect(harness.rating(1) == 1)
        #expect(harness.session.window("main")?.undoStack.canUndo == false)
    }

    @Test func uncaughtPerformerErrorsComeOutUnchanged() throws {
        var harness = Harness()
        try harness.session.attach(.handler(ActionHandler(
            validate: { _ in .handles(.enabled) },
            perform: { _ throws(CommandError) in throw .notFound(kind: .image, name: "img-77", field: nil) }
        ), action: "reload"), to: "main/grid")
        try harness.session.attach(.catcher(ErrorCatcher { _, _ in .pass }), to: "main")
        #expect(failure { try harness.send("reload") } == .notFound(kind: .image, name: "img-77", field: nil))
    }
}
