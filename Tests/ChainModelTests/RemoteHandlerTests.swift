import Testing

@testable import ChainModel

/// Remote handlers in the walk: found before what is registered on their responder, newest
/// first; declining while their client is away; performed by the client's answer.
@Suite("Remote handlers")
struct RemoteHandlerModelTests {
    static func handler(_ id: String, _ action: String, on path: ResponderPath = "main/grid", enabled: Bool = true) -> RemoteHandler {
        RemoteHandler(id: id, responder: path, action: action, validation: Validation(isEnabled: enabled, title: "Remote \(id)"), undoName: "Auto Rate")
    }

    @Test func theNewestLiveHandlerOnAResponderIsTheTarget() {
        let harness = Harness()
        let remote = RemoteHandlers([Self.handler("h-1", "setRating"), Self.handler("h-2", "setRating")], isLive: true)
        let resolution = harness.dispatcher.validate(
            Invocation(action: "setRating", arguments: ["rating": 3]), in: harness.session, catalog: harness.catalog, remote: remote)
        #expect(resolution.remote?.id == "h-2")
        #expect(resolution.target == "main/grid")
        #expect(resolution.validation?.title == "Remote h-2")
    }

    @Test func aHandlerWhoseClientIsAwayDeclinesToTheBuiltInBeneath() {
        let harness = Harness()
        let remote = RemoteHandlers([Self.handler("h-1", "setRating")], isLive: false)
        let resolution = harness.dispatcher.validate(
            Invocation(action: "setRating", arguments: ["rating": 3]), in: harness.session, catalog: harness.catalog, remote: remote, explain: true)
        #expect(resolution.remote == nil)
        #expect(resolution.target == "main/grid")
        #expect(resolution.trace.first?.verdict == .declined(RemoteHandlers.notLiveReason))
    }

    @Test func performingHandsOutACallAndChangesNothing() throws {
        var harness = Harness()
        try harness.send("select", ["images": ["img-2", "img-3"]])
        let remote = RemoteHandlers([Self.handler("h-1", "autoRate")], isLive: true)
        let outcome = try harness.dispatcher.perform(
            Invocation(action: "autoRate"), in: harness.session, catalog: harness.catalog, remote: remote)
        let call = try #require(outcome.remoteCall)
        #expect(call.handler.id == "h-1")
        #expect(call.window == "main")
        #expect(Array(call.selection) == ids(2, 3))
        #expect(outcome.changes.isEmpty)
        #expect(outcome.session.version == harness.session.version)
    }

    @Test func aDisabledHandlerRefusesToBePerformed() {
        let harness = Harness()
        let remote = RemoteHandlers([Self.handler("h-1", "autoRate", enabled: false)], isLive: true)
        #expect(throws: CommandFailure.self) {
            try harness.dispatcher.perform(Invocation(action: "autoRate"), in: harness.session, catalog: harness.catalog, remote: remote)
        }
    }

    @Test func anAnswersChangesAreStagedWithUndoUnderTheHandlersName() throws {
        var harness = Harness()
        try harness.send("select", ["images": ["img-2"]])
        let remote = RemoteHandlers([Self.handler("h-1", "autoRate")], isLive: true)
        let call = try #require(try harness.dispatcher.perform(
            Invocation(action: "autoRate"), in: harness.session, catalog: harness.catalog, remote: remote).remoteCall)
        let outcome = try harness.dispatcher.complete(
            call, with: .performed(result: [(key: "rated", value: 1)], changes: [ImageChange(id: ImageID(2), Rating(5)!)]),
            in: harness.session, catalog: harness.catalog)
        #expect(outcome.changes == ratings((2, 5)))
        #expect(outcome.events.map(\.type) == ["ratingChanged"])
        #expect(outcome.session.window("main")?.undoStack.undoName == "Auto Rate")
        #expect(outcome.session.version == harness.session.version + 1)
    }

    @Test func anAnswersErrorBubblesThroughCatchersThatTransformIt() throws {
        var harness = Harness()
        try harness.session.attach(.catcher(ErrorCatcher { error, _ in
            guard case .remoteError(let title, _, _) = error else { return .pass }
            return .replace(.rejected(code: "no-faces", message: "\(title) (caught by the window)", responder: "main"))
        }), to: "main")
        let remote = RemoteHandlers([Self.handler("h-1", "autoRate")], isLive: true)
        let call = try #require(try harness.dispatcher.perform(
            Invocation(action: "autoRate"), in: harness.session, catalog: harness.catalog, remote: remote).remoteCall)
        do {
            _ = try harness.dispatcher.complete(
                call, with: .refused(title: "No faces", detail: "none found"), in: harness.session, catalog: harness.catalog)
            Issue.record("the error was not thrown")
        } catch {
            #expect(error.error == .rejected(code: "no-faces", message: "No faces (caught by the window)", responder: "main"))
            #expect(error.catches.map(\.responder) == ["main"])
        }
    }

    @Test func declaredRemoteActionsAreKnownButUnhandledWithoutAHandler() {
        var harness = Harness()
        harness.dispatcher.remoteActions = ["autoRate"]
        #expect(throws: CommandFailure(.unhandled(action: "autoRate", chain: harness.session.chain()))) {
            try harness.dispatcher.perform(Invocation(action: "autoRate"), in: harness.session, catalog: harness.catalog)
        }
        harness.dispatcher.remoteActions = []
        #expect(throws: CommandFailure(.notFound(kind: .action, name: "autoRate", field: "action"))) {
            try harness.dispatcher.perform(Invocation(action: "autoRate"), in: harness.session, catalog: harness.catalog)
        }
    }

    @Test(arguments: [("autoRate", true), ("a1", true), ("A", true), ("1a", false), ("auto rate", false), ("", false), ("é", false)])
    func actionNames(_ name: String, _ valid: Bool) {
        #expect(RemoteHandler.isActionName(name) == valid)
    }

    @Test func aMenuMayDeclareRemoteActionsButNotBuiltInOnes() throws {
        let definition: JSON = ["remoteActions": ["autoRate"], "menus": [["id": "m", "title": "M", "items": [["id": "a", "title": "A", "action": "autoRate"]]]]]
        let bar = try MenuBar(definition: definition, knownActions: HandlerRegistry.standard.actions)
        #expect(bar.remoteActions == ["autoRate"])
        #expect(throws: MenuBar.DefinitionError.self) {
            try MenuBar(definition: ["remoteActions": ["setRating"], "menus": []], knownActions: HandlerRegistry.standard.actions)
        }
    }
}
