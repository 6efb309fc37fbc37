/// A window's undo and redo stacks, with `UndoManager` semantics: an action registered
/// while undoing lands on the redo stack, one registered while redoing on the undo stack,
/// and any other registration clears the redo stack.
///
/// The stacks are persistent lists, so a command working on a copy of the session pushes
/// in constant time instead of copying a hundred entries.
public struct UndoStack: Sendable {
    public typealias Action = @Sendable (inout PerformContext) throws(CommandError) -> Void

    public struct Entry: Sendable {
        public let name: String
        let step: Step

        /// What undoing the entry does. Catalog changes, the usual case, record the values
        /// to write back as data (compact, see `ChangeSet`): no closure per entry.
        enum Step: Sendable {
            case action(Action)
            case restore(ChangeSet)
        }

        init(name: String, action: @escaping Action) {
            self.name = name
            step = .action(action)
        }

        init(name: String, restoring previous: ChangeSet) {
            self.name = name
            step = .restore(previous)
        }
    }

    /// How many undo levels a window keeps; older ones are dropped.
    public static let levels = 100

    final class Node: Sendable {
        let entry: Entry
        let next: Node?
        let depth: Int

        init(_ entry: Entry, next: Node?) {
            self.entry = entry
            self.next = next
            self.depth = (next?.depth ?? 0) + 1
        }
    }

    private var undoTop: Node?
    private var redoTop: Node?

    public var canUndo: Bool { undoTop != nil }
    public var canRedo: Bool { redoTop != nil }
    public var undoName: String? { undoTop?.entry.name }
    public var redoName: String? { redoTop?.entry.name }

    /// Undo entries, oldest first.
    public var undoEntries: [Entry] { Self.entries(from: undoTop) }
    public var redoEntries: [Entry] { Self.entries(from: redoTop) }

    public enum Direction: Sendable { case normal, undoing, redoing }

    mutating func register(_ entry: Entry, direction: Direction) {
        switch direction {
        case .normal:
            undoTop = Self.push(entry, onto: undoTop)
            redoTop = nil
        case .undoing:
            redoTop = Self.push(entry, onto: redoTop)
        case .redoing:
            undoTop = Self.push(entry, onto: undoTop)
        }
    }

    mutating func popUndo() -> Entry? {
        defer { undoTop = undoTop?.next }
        return undoTop?.entry
    }

    mutating func popRedo() -> Entry? {
        defer { redoTop = redoTop?.next }
        return redoTop?.entry
    }

    /// Pushes, and once the list holds twice the levels, rebuilds it with the newest
    /// `levels` entries: trimming costs O(1) per push on average.
    private static func push(_ entry: Entry, onto top: Node?) -> Node {
        let node = Node(entry, next: top)
        guard node.depth > 2 * levels else { return node }
        return copy(node, count: levels)
    }

    /// A new list of the first `count` nodes from `node`, built from the bottom up.
    private static func copy(_ node: Node, count: Int) -> Node {
        Node(node.entry, next: count > 1 ? node.next.map { copy($0, count: count - 1) } : nil)
    }

    private static func entries(from top: Node?) -> [Entry] {
        var entries: [Entry] = []
        entries.reserveCapacity(top?.depth ?? 0)
        var node = top
        while let current = node {
            entries.append(current.entry)
            node = current.next
        }
        entries.reverse()
        return entries
    }
}
