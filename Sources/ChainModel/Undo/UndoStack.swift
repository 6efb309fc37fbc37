/// A window's undo and redo stacks, with `UndoManager` semantics: an action registered
/// while undoing lands on the redo stack, one registered while redoing on the undo stack,
/// and any other registration clears the redo stack.
public struct UndoStack: Sendable {
    public typealias Action = @Sendable (inout PerformContext) throws(CommandError) -> Void

    public struct Entry: Sendable {
        public let name: String
        let action: Action
    }

    /// How many undo levels a window keeps; the oldest are dropped past it.
    public static let levels = 100

    public private(set) var undoEntries: [Entry] = []
    public private(set) var redoEntries: [Entry] = []

    public var canUndo: Bool { !undoEntries.isEmpty }
    public var canRedo: Bool { !redoEntries.isEmpty }
    public var undoName: String? { undoEntries.last?.name }
    public var redoName: String? { redoEntries.last?.name }

    public enum Direction: Sendable { case normal, undoing, redoing }

    mutating func register(_ entry: Entry, direction: Direction) {
        switch direction {
        case .normal:
            undoEntries.append(entry)
            redoEntries.removeAll()
        case .undoing:
            redoEntries.append(entry)
        case .redoing:
            undoEntries.append(entry)
        }
        if undoEntries.count > Self.levels { undoEntries.removeFirst(undoEntries.count - Self.levels) }
        if redoEntries.count > Self.levels { redoEntries.removeFirst(redoEntries.count - Self.levels) }
    }

    mutating func popUndo() -> Entry? { undoEntries.popLast() }
    mutating func popRedo() -> Entry? { redoEntries.popLast() }
}
