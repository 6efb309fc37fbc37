import Testing

@testable import ChainModel

struct UndoStackTests {
    /// Pushes entries named "1", "2", … onto an empty stack.
    func stack(pushing count: Int) -> UndoStack {
        var stack = UndoStack()
        for number in 1...count {
            stack.register(UndoStack.Entry(name: "\(number)", restoring: ChangeSet(), expecting: nil), direction: .normal)
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
        stack.register(UndoStack.Entry(name: "new", restoring: ChangeSet(), expecting: nil), direction: .normal)
        #expect(stack.undoEntries.map(\.name) == ["new"])
    }

    @Test func redoIsBoundedToo() {
        var stack = UndoStack()
        for number in 1...(UndoStack.levels + 30) {
            stack.register(UndoStack.Entry(name: "\(number)", restoring: ChangeSet(), expecting: nil), direction: .undoing)
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

    /// Registers entries with the given serials, each in `direction`.
    func stack(serials: [Int], direction: UndoStack.Direction = .normal, onto start: UndoStack = UndoStack()) -> UndoStack {
        var stack = start
        for serial in serials {
            stack.register(UndoStack.Entry(name: "\(serial)", restoring: ChangeSet(), expecting: nil, serial: serial), direction: direction)
        }
        return stack
    }

    @Test(arguments: [
        ([Int](), [ClosedRange<Int>]()),
        ([1], [1...1]),
        (Array(1...100), [1...100]),
        ([1, 2, 3, 5, 6, 9], [1...3, 5...6, 9...9]),
        ([2, 4, 6], [2...2, 4...4, 6...6]),
    ])
    func runsListTheSerialsARunAtATime(serials: [Int], runs: [ClosedRange<Int>]) {
        let pushed = stack(serials: serials)
        #expect(pushed.undoRuns == runs)
        #expect(pushed.undoRuns.flatMap { Array($0) } == pushed.undoEntries.map(\.serial))
        #expect(stack(serials: serials, direction: .undoing).redoRuns == runs)
    }

    @Test func runsStopAtTheLevelsAndSurviveTrimming() {
        // 250 consecutive pushes: the list was rebuilt at 201, and only the newest 100 count.
        let long = stack(serials: Array(1...250))
        #expect(long.undoRuns == [151...250])
        // A run cut by the levels in the middle: only its newest part is reachable.
        let gapped = stack(serials: Array(1...60) + Array(71...130))
        #expect(gapped.undoRuns == [21...60, 71...130])
        #expect(gapped.undoRuns.flatMap { Array($0) } == gapped.undoEntries.map(\.serial))
        // Popping takes serials off the top run without touching the rest.
        var popped = gapped
        for _ in 0..<70 { _ = popped.popUndo() }
        #expect(popped.undoRuns == [21...50])
        #expect(popped.undoRuns.flatMap { Array($0) } == popped.undoEntries.map(\.serial))
    }
}
