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

    @Test func keepsUpToTwiceTheLevelsThenTheNewestLevels() {
        #expect(stack(pushing: 2 * UndoStack.levels).undoEntries.count == 2 * UndoStack.levels)
        let trimmed = stack(pushing: 2 * UndoStack.levels + 1).undoEntries.map(\.name)
        #expect(trimmed.count == UndoStack.levels)
        #expect(trimmed.first == "\(UndoStack.levels + 2)")
        #expect(trimmed.last == "\(2 * UndoStack.levels + 1)")
        let later = stack(pushing: 2 * UndoStack.levels + 50).undoEntries.map(\.name)
        #expect(later == (UndoStack.levels + 2...2 * UndoStack.levels + 50).map { "\($0)" })
    }

    @Test func popsNewestFirstAfterTrimming() {
        var stack = stack(pushing: 2 * UndoStack.levels + 1)
        #expect(stack.popUndo()?.name == "\(2 * UndoStack.levels + 1)")
        #expect(stack.undoName == "\(2 * UndoStack.levels)")
    }
}
