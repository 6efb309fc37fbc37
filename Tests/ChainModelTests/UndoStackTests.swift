import Testing
@testable import ChainModel

struct UndoStackTests {
    /// Pushes entries named "1", "2", … onto an empty stack.
    func stack(pushing count: Int) -> UndoStack {
        var stack = UndoStack()
        for number in 1...count {
            stack.register(UndoStack.Entry(name: "\(number)", restoring: ChangeSet()), direction: .normal)
        }
        return stack
    }

    @Test func keepsExactlyTheNewestLevels() {
        #expect(stack(pushing: UndoStack.levels).undoEntries.count == UndoStack.levels)
        for pushed in [UndoStack.levels + 1, 2 * UndoStack.levels, 2 * UndoStack.levels + 1, 5 * UndoStack.levels + 7] {
            let names = stack(pushing: pushed).undoEntries.map(\.name)
            #expect(names == (pushed - UndoStack.levels + 1...pushed).map { "\($0)" }, "\(pushed)")
        }
    }

    @Test func undoingStopsAtTheLevelsEvenBeforeTheListIsTrimmed() {
        var stack = stack(pushing: UndoStack.levels + 50)
        var undone: [String] = []
        while let entry = stack.popUndo() { undone.append(entry.name) }
        #expect(undone.count == UndoStack.levels)
        #expect(undone.last == "51")
        #expect(!stack.canUndo && stack.undoName == nil)
        stack.register(UndoStack.Entry(name: "new", restoring: ChangeSet()), direction: .normal)
        #expect(stack.undoEntries.map(\.name) == ["new"])
    }

    @Test func redoIsBoundedToo() {
        var stack = UndoStack()
        for number in 1...(UndoStack.levels + 30) {
            stack.register(UndoStack.Entry(name: "\(number)", restoring: ChangeSet()), direction: .undoing)
        }
        #expect(stack.redoEntries.count == UndoStack.levels)
        var redone = 0
        while stack.popRedo() != nil { redone += 1 }
        #expect(redone == UndoStack.levels && !stack.canRedo)
    }

    @Test func popsNewestFirstAfterTrimming() {
        var stack = stack(pushing: 2 * UndoStack.levels + 1)
        #expect(stack.popUndo()?.name == "\(2 * UndoStack.levels + 1)")
        #expect(stack.undoName == "\(2 * UndoStack.levels)")
    }
}
