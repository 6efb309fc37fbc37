import Testing

@testable import ChainModel

/// Batches (`CommandDispatcher.perform(batch:)`): steps in order, each walked against what
/// the one before left; one command, all or nothing, with one undo entry.
@Suite("Command batches")
struct CommandBatchTests {
    @Test func stepsWalkInOrderAsOneCommandWithOneUndoEntry() throws {
        var harness = Harness()
        let version = harness.session.version
        let outcome = try harness.batch([
            ("select", ["images": ["img-1", "img-2"]]), ("setRating", ["rating": 5]), ("setLabel", ["label": "red"]),
            ("select", ["images": ["img-3"]]), ("setFlag", ["flag": "pick"]),
        ], undoName: "Cull Pass")

        #expect(outcome.action == "batch")
        #expect(outcome.steps?.map(\.action) == ["select", "setRating", "setLabel", "select", "setFlag"])
        #expect(outcome.steps?.map(\.handledBy) == Array(repeating: "main/grid", count: 5))
        #expect(harness.session.version == version + 1)
        #expect(harness.undoNames == ["Cull Pass"])
        #expect(outcome.events.map(\.type) == ["selectionChanged", "ratingChanged", "labelChanged", "selectionChanged", "flagChanged"])
        #expect([1, 2, 3].map(harness.rating) == [5, 5, 3])

        try harness.send("undo")
        #expect([1, 2, 3].map(harness.rating) == [1, 2, 3])
        #expect(harness.catalog.value(ColorLabel.self, of: ImageID(1)) == ColorLabel.none)
        #expect(harness.catalog.value(Flag.self, of: ImageID(3)) == Flag.none)
        #expect(harness.undoNames.isEmpty)
    }

    @Test func anImageWrittenTwiceIsUndoneToItsValueBeforeTheBatch() throws {
        var harness = Harness()
        try harness.batch([("select", ["images": ["img-4"]]), ("setRating", ["rating": 1]), ("increaseRating", [:]), ("setRating", ["rating": 0])])
        #expect(harness.rating(4) == 0)
        #expect(harness.undoNames == ["Set Rating"], "named after the first entry a step registered")
        try harness.send("undo")
        #expect(harness.rating(4) == 4)
    }

    @Test func aFailingStepChangesNothingAndIsNamed() throws {
        let harness = Harness()
        let steps: [(String, Arguments)] = [("select", ["images": ["img-1"]]), ("setRating", ["rating": 5]), ("setRating", ["rating": 9])]
        let invocations = steps.map { BatchStep(Invocation(action: $0.0, arguments: $0.1)) }
        #expect(throws: CommandFailure.self) {
            try harness.dispatcher.perform(batch: invocations, in: harness.session, catalog: harness.catalog)
        }
        do throws(CommandFailure) {
            _ = try harness.dispatcher.perform(batch: invocations, in: harness.session, catalog: harness.catalog)
        } catch {
            #expect(error.step == 2)
            guard case .invalidArgument = error.error else { Issue.record("\(error)"); return }
        }
        #expect(harness.rating(1) == 1)
    }

    @Test(arguments: [
        (["deselectAll"], 0, "disabled"), (["select", "nextImage"], 1, "unhandled"), (["select", "undo"], 1, "rejected"),
        (["select", "noSuchAction"], 1, "notFound"),
    ])
    func failuresNameTheirStep(_ actions: [String], _ step: Int, _ kind: String) {
        let harness = Harness()
        let steps = actions.map { BatchStep(Invocation(action: $0, arguments: $0 == "select" ? ["images": ["img-1"]] : .empty)) }
        do throws(CommandFailure) {
            _ = try harness.dispatcher.perform(batch: steps, in: harness.session, catalog: harness.catalog)
            Issue.record("the batch performed")
        } catch {
            #expect(error.step == step)
            let found = switch error.error {
            case .disabled: "disabled"
            case .unhandled: "unhandled"
            case .rejected: "rejected"
            case .notFound: "notFound"
            default: "\(error.error)"
            }
            #expect(found == kind)
        }
    }

    @Test func aBatchThatWritesNothingTakesNoUndoEntry() throws {
        var harness = Harness()
        try harness.batch([("select", ["images": ["img-1"]]), ("selectAll", [:])])
        #expect(harness.undoNames.isEmpty)
        #expect(harness.session.window("main")?.grid?.selection.count == 20)
    }
}
