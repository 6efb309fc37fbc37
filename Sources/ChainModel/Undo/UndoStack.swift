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
        private(set) var step: Step
        /// Numbers the entry within its session (1, 2, …; 0 until registered), so storage
        /// writes each entry once and a session's record names its stacks by these numbers.
        public internal(set) var serial = 0
        /// Set for an entry later registrations of the same kind may fold into.
        var coalescing: UndoCoalescing?
        /// What an undo that met conflicts left on the stack: the images it did not write
        /// back. A plain undo passes over it to the entry below; `force` writes it.
        public internal(set) var isRemainder = false

        /// What undoing writes back, for an entry that records catalog values; `nil` for
        /// one registered as a closure, which cannot be stored.
        public var restoredChanges: ChangeSet? {
            if case .restore(let previous, _) = step { return previous }
            return nil
        }

        /// The values the entry's change set, which images must still hold for undoing to
        /// write them back (`UndoSplit`); `nil` for an entry stored before entries kept them.
        public var expectedValues: ChangeSet? {
            if case .restore(_, let expected) = step { return expected }
            return nil
        }

        /// What undoing the entry does. Catalog changes, the usual case, record the values
        /// to write back as data (compact, see `ChangeSet`) and the values they replace:
        /// no closure per entry.
        enum Step: Sendable {
            case action(Action)
            case restore(ChangeSet, expected: ChangeSet?)
        }

        init(name: String, action: @escaping Action) {
            self.name = name
            step = .action(action)
        }

        init(name: String, restoring previous: ChangeSet, expecting expected: ChangeSet?) {
            self.name = name
            step = .restore(previous, expected: expected)
        }

        /// An entry read back from storage, with the serial it was stored under.
        public init(name: String, restoring previous: ChangeSet, expecting expected: ChangeSet?, serial: Int) {
            self.init(name: name, restoring: previous, expecting: expected)
            self.serial = serial
        }

        /// The same entry with what it expects extended by `later`, a step folded into it.
        func folding(expected later: ChangeSet) -> Entry {
            guard case .restore(let previous, let expected) = step else { return self }
            var entry = self
            entry.step = .restore(previous, expected: expected.map { var all = $0; all.append(contentsOf: later); return all })
            return entry
        }
    }

    /// How many undo levels a window keeps; older ones are dropped.
    public static let levels = 100

    final class Node: Sendable {
        let entry: Entry
        let next: Node?
        let depth: Int
        /// `entry.serial`, kept beside it so walks by serial (`entries(after:)`, the runs)
        /// copy no entry.
        let serial: Int
        /// How many nodes from this one down hold consecutive serials (this one's, one less,
        /// …), and the node below them: serial runs are listed a run at a time, so a
        /// hundred-deep stack of consecutive registrations is one step, not a hundred.
        let runLength: Int
        let belowRun: Node?

        init(_ entry: Entry, next: Node?) {
            self.entry = entry
            self.next = next
            self.depth = (next?.depth ?? 0) + 1
            serial = entry.serial
            if let next, next.serial == serial - 1 {
                runLength = next.runLength + 1
                belowRun = next.belowRun
            } else {
                runLength = 1
                belowRun = next
            }
        }
    }

    private var undoTopNode: Node?
    private var redoTopNode: Node?
    /// How many of each list's newest entries are reachable: never more than `levels`, so
    /// exactly the newest `levels` can be undone, while the lists themselves are trimmed
    /// only now and then.
    public private(set) var undoCount = 0
    public private(set) var redoCount = 0

    public init() {}

    /// Stacks holding `undo` and `redo`, each oldest first, as `undoEntries` and
    /// `redoEntries` list them: how a stored session's stacks come back.
    public init(undo: [Entry], redo: [Entry]) {
        for entry in undo.suffix(Self.levels) { Self.push(entry, onto: &undoTopNode, count: &undoCount) }
        for entry in redo.suffix(Self.levels) { Self.push(entry, onto: &redoTopNode, count: &redoCount) }
    }

    public var canUndo: Bool { undoCount > 0 }
    public var canRedo: Bool { redoCount > 0 }
    /// The name of the entry a plain undo (redo) performs: the top one, or the one below a
    /// remainder on top, which a plain undo passes over.
    public var undoName: String? { Self.nextName(from: undoTopNode, count: undoCount) }
    public var redoName: String? { Self.nextName(from: redoTopNode, count: redoCount) }

    /// The top entry of each stack, remainder or not.
    public var undoTop: Entry? { undoCount > 0 ? undoTopNode?.entry : nil }
    public var redoTop: Entry? { redoCount > 0 ? redoTopNode?.entry : nil }

    private static func nextName(from top: Node?, count: Int) -> String? {
        guard count > 0, let top else { return nil }
        guard top.entry.isRemainder else { return top.entry.name }
        return count > 1 ? top.next?.entry.name : nil
    }

    /// Undo entries, oldest first.
    public var undoEntries: [Entry] { Self.entries(from: undoTopNode, count: undoCount) }
    public var redoEntries: [Entry] { Self.entries(from: redoTopNode, count: redoCount) }

    /// Whether `other` holds the very same stacks (the same nodes, not equal ones): a copy
    /// untouched by a command. Constant time.
    public func isIdentical(to other: UndoStack) -> Bool {
        undoCount == other.undoCount && redoCount == other.redoCount
            && (undoCount == 0 || undoTopNode === other.undoTopNode) && (redoCount == 0 || redoTopNode === other.redoTopNode)
    }

    /// The serials of `undoEntries` and `redoEntries` as runs of consecutive ones, oldest
    /// first, read a run at a time.
    /// (Each registration takes a fresh, larger serial, so a stack's serials ascend from its
    /// bottom and a run is a stretch of registrations no other stack took a serial between.)
    public var undoRuns: [ClosedRange<Int>] { Self.runs(from: undoTopNode, count: undoCount) }
    public var redoRuns: [ClosedRange<Int>] { Self.runs(from: redoTopNode, count: redoCount) }

    /// The entries of both stacks whose serial is above `serial`. A stack's serials fall
    /// from its top (each push takes a fresh, larger one), so only the top of each is read.
    public func entries(after serial: Int) -> [Entry] {
        var entries: [Entry] = []
        for (top, count) in [(undoTopNode, undoCount), (redoTopNode, redoCount)] {
            var node = top
            var left = count
            while let current = node, left > 0, current.serial > serial {
                entries.append(current.entry)
                node = current.next
                left -= 1
            }
        }
        return entries
    }

    public enum Direction: Sendable { case normal, undoing, redoing }

    mutating func register(_ entry: consuming Entry, direction: Direction) {
        switch direction {
        case .normal:
            Self.push(entry, onto: &undoTopNode, count: &undoCount)
            redoTopNode = nil
            redoCount = 0
        case .undoing:
            Self.push(entry, onto: &redoTopNode, count: &redoCount)
        case .redoing:
            Self.push(entry, onto: &undoTopNode, count: &undoCount)
        }
    }

    /// Folds `next` into the top undo entry when that entry was the session's latest
    /// registration (`latestSerial`), nothing waits to be redone, and it continues the
    /// entry's run (`UndoCoalescing`): the entry keeps its values, serial and name, and only
    /// its time moves. `false` when it does not fold.
    mutating func coalesce(_ next: UndoCoalescing, latestSerial: Int, expecting changes: ChangeSet) -> Bool {
        guard redoCount == 0, undoCount > 0, let top = undoTopNode, top.serial == latestSerial,
              top.entry.coalescing?.isContinued(by: next) == true else { return false }
        var entry = top.entry.folding(expected: changes)
        entry.coalescing = next
        undoTopNode = Node(entry, next: top.next)
        return true
    }

    /// The serial of the top undo entry, or `nil` when there is nothing to undo.
    var topUndoSerial: Int? { undoCount > 0 ? undoTopNode?.serial : nil }

    /// Puts back on top what an undo (`undo` true) or redo that met conflicts did not
    /// write, marked as a remainder; the other stack is left as it is.
    mutating func restack(remainder entry: Entry, undo: Bool) {
        var entry = entry
        entry.isRemainder = true
        if undo {
            Self.push(entry, onto: &undoTopNode, count: &undoCount)
        } else {
            Self.push(entry, onto: &redoTopNode, count: &redoCount)
        }
    }

    mutating func popUndo() -> Entry? {
        Self.pop(&undoTopNode, count: &undoCount)
    }

    mutating func popRedo() -> Entry? {
        Self.pop(&redoTopNode, count: &redoCount)
    }

    private static func pop(_ top: inout Node?, count: inout Int) -> Entry? {
        guard count > 0, let node = top else { return nil }
        count -= 1
        top = count > 0 ? node.next : nil
        return node.entry
    }

    /// Pushes, and once the list holds twice the levels, rebuilds it with the newest
    /// `levels` entries: trimming costs O(1) per push on average. Entries past `levels`
    /// stay in the list until then but cannot be reached.
    private static func push(_ entry: consuming Entry, onto top: inout Node?, count: inout Int) {
        let node = Node(entry, next: count > 0 ? top : nil)
        top = node.depth > 2 * levels ? copy(node, count: levels) : node
        count = min(count + 1, levels)
    }

    /// A new list of the first `count` nodes from `node`, built from the bottom up.
    private static func copy(_ node: Node, count: Int) -> Node {
        Node(node.entry, next: count > 1 ? node.next.map { copy($0, count: count - 1) } : nil)
    }

    private static func runs(from top: Node?, count: Int) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        var left = count
        var node = top
        while let current = node, left > 0 {
            let length = min(current.runLength, left)
            runs.append(current.serial - length + 1 ... current.serial)
            left -= length
            node = current.belowRun
        }
        runs.reverse()
        return runs
    }

    private static func entries(from top: Node?, count: Int) -> [Entry] { oldestFirst(from: top, count: count, \.entry) }

    /// `value` of the first `count` nodes from `top`, the last of them first.
    private static func oldestFirst<T>(from top: Node?, count: Int, _ value: (Node) -> T) -> [T] {
        var values: [T] = []
        values.reserveCapacity(count)
        var node = top
        while let current = node, values.count < count {
            values.append(value(current))
            node = current.next
        }
        values.reverse()
        return values
    }
}
