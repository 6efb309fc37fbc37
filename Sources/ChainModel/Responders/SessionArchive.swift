/// A session as plain data, for storage to keep and give back after a restart: its windows
/// with their selections, shown images and undo and redo stacks, the first responder, the
/// version and the counters that name the next window and undo entry.
///
/// Stacks name their entries by serial; `entries` holds the entries themselves, all of them
/// or (`Session.archive(entriesAfter:)`) only those newer than what storage already has, so
/// a command that adds one entry to a hundred-deep stack copies one entry, not a hundred.
///
/// What is attached at run time in-process (`Session.attach`) and undo entries registered as
/// closures are not data and are not archived (a stack holding one names an entry the
/// archive lacks, so it cannot be restored); the server registers neither.
public struct SessionArchive: Sendable, Equatable {
    public struct WindowArchive: Sendable, Equatable {
        public var id: String
        public var kind: Window.Kind
        /// The grid's selection; empty for a viewer window.
        public var selection: ImageSelection
        /// The grid's cursor, anchor and columns (`ImageGrid`); `nil`, `nil` and 1 for a
        /// viewer window.
        public var cursor: ImageID?
        public var anchor: ImageID?
        public var columns: Int
        /// The grid's filter and sort; `GridView.all` for a viewer window.
        public var view: GridView
        public var image: ImageID?
        /// Where the viewer's image stood in its grid's working set (`ImageViewer.position`).
        public var position: Int?
        /// Serials as runs of consecutive ones, oldest first, as `UndoStack.undoEntries`
        /// lists the entries (`UndoStack.undoRuns`).
        public var undo: [ClosedRange<Int>]
        public var redo: [ClosedRange<Int>]
        /// `Window.autoAdvance`.
        public var autoAdvance: Bool
        /// `Window.compare`; `nil` when the window does not compare.
        public var compare: CompareArchive?
        /// `Window.following`; `nil` when the window follows nobody.
        public var following: String?

        public init(
            id: String, kind: Window.Kind, selection: ImageSelection = ImageSelection(), cursor: ImageID? = nil,
            anchor: ImageID? = nil, columns: Int = 1, view: GridView = .all, image: ImageID? = nil, position: Int? = nil,
            undo: [ClosedRange<Int>] = [], redo: [ClosedRange<Int>] = [], autoAdvance: Bool = false, compare: CompareArchive? = nil,
            following: String? = nil
        ) {
            self.following = following
            self.autoAdvance = autoAdvance
            self.compare = compare
            self.id = id
            self.kind = kind
            self.selection = selection
            self.cursor = cursor
            self.anchor = anchor
            self.columns = columns
            self.view = view
            self.image = image
            self.position = position
            self.undo = undo
            self.redo = redo
        }
    }

    /// An undo entry: its serial within the session, its name, what undoing it writes and
    /// the values it set (`nil` for an entry stored before entries kept them).
    public struct EntryArchive: Sendable, Equatable {
        public var serial: Int
        public var name: String
        public var changes: ChangeSet
        public var expected: ChangeSet?

        public init(serial: Int, name: String, changes: ChangeSet, expected: ChangeSet? = nil) {
            self.serial = serial
            self.name = name
            self.changes = changes
            self.expected = expected
        }
    }

    /// Why an archive cannot be a session.
    public struct Invalid: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    public var version: Int
    public var firstResponder: String
    public var windows: [WindowArchive]
    public var windowCounter: Int
    public var lastUndoSerial: Int
    /// The entries the stacks name (restoring needs every one), or a newer part of them.
    public var entries: [EntryArchive]

    public init(
        version: Int, firstResponder: String, windows: [WindowArchive], windowCounter: Int, lastUndoSerial: Int,
        entries: [EntryArchive] = []
    ) {
        self.version = version
        self.firstResponder = firstResponder
        self.windows = windows
        self.windowCounter = windowCounter
        self.lastUndoSerial = lastUndoSerial
        self.entries = entries
    }

    /// Every undo and redo entry's serial, over all windows.
    public var entrySerials: SerialRuns {
        var runs: [ClosedRange<Int>] = []
        runs.reserveCapacity(windows.reduce(0) { $0 + $1.undo.count + $1.redo.count })
        for window in windows {
            runs += window.undo
            runs += window.redo
        }
        return SerialRuns(merging: runs)
    }
}

extension Session {
    /// The session as data, with every undo entry. Closure undo entries are left out (see
    /// `SessionArchive`).
    public var archive: SessionArchive { archive(entriesAfter: 0) }

    /// The session as data, with only the undo entries whose serial is above `serial`: what
    /// storage holding every entry up to `serial` lacks. Without `stacks`, the windows'
    /// stacks are left empty and no entry is read (for a change that left them as they were).
    public func archive(entriesAfter serial: Int, stacks: Bool = true) -> SessionArchive {
        var entries: [SessionArchive.EntryArchive] = []
        let windows = windows.map { window in
            let stack = window.undoStack
            if stacks { entries += stack.entries(after: serial).compactMap(Self.archive) }
            return SessionArchive.WindowArchive(
                id: window.id, kind: window.windowKind, selection: window.grid?.selection ?? ImageSelection(),
                cursor: window.grid?.cursor, anchor: window.grid?.anchor, columns: window.grid?.columns ?? 1,
                view: window.grid?.view ?? .all, image: window.viewer.image, position: window.viewer.position,
                undo: stacks ? stack.undoRuns : [], redo: stacks ? stack.redoRuns : [], autoAdvance: window.autoAdvance,
                compare: window.compare.map(SessionArchive.CompareArchive.init), following: window.following)
        }
        entries.sort { $0.serial < $1.serial }
        return SessionArchive(
            version: version, firstResponder: firstResponder.string, windows: windows,
            windowCounter: windowCounter, lastUndoSerial: lastUndoSerial, entries: entries)
    }

    /// Whether every window's undo and redo stacks are the very ones `other`'s windows hold
    /// (in constant time per window): what a command that touched no stack leaves.
    public func hasSameUndoStacks(as other: Session) -> Bool {
        windows.count == other.windows.count
            && zip(windows, other.windows).allSatisfy { $0.id == $1.id && $0.undoStack.isIdentical(to: $1.undoStack) }
    }

    /// The session `archive` describes. Throws `SessionArchive.Invalid` when it could not
    /// have come from a session: a window id that is no name or repeats, more windows than
    /// a session may have, a selection in a viewer window, a first responder not in it, or
    /// a stack naming an entry `archive.entries` lacks, more than `UndoStack.levels` of them,
    /// or serials that do not ascend.
    public init(restoring archive: SessionArchive) throws(SessionArchive.Invalid) {
        self.init()
        var bySerial: [Int: UndoStack.Entry] = [:]
        for entry in archive.entries { bySerial[entry.serial] = Self.entry(entry) }
        let lookUp = { (serial: Int) throws(SessionArchive.Invalid) -> UndoStack.Entry in
            guard let entry = bySerial[serial] else { throw SessionArchive.Invalid(description: "undo entry \(serial) is missing") }
            return entry
        }
        guard archive.windows.count <= Session.maxWindows else {
            throw SessionArchive.Invalid(description: "\(archive.windows.count) windows; a session has at most \(Session.maxWindows)")
        }
        var seen = Set<String>()
        windows = try archive.windows.map { (stored) throws(SessionArchive.Invalid) -> Window in
            guard let path = ResponderPath(parsing: stored.id), path.kind == .window, seen.insert(stored.id).inserted else {
                throw SessionArchive.Invalid(description: "window id \"\(stored.id.prefix(80))\" is not a window name, or repeats")
            }
            var window = Window(id: stored.id, kind: stored.kind, image: stored.image)
            window.autoAdvance = stored.autoAdvance
            window.following = stored.following
            if stored.image != nil { window.viewer.position = stored.position }
            if window.grid != nil {
                guard (1...ImageGrid.maxColumns).contains(stored.columns) else {
                    throw SessionArchive.Invalid(description: "window \(stored.id)'s grid has \(stored.columns) columns")
                }
                window.grid?.selection = stored.selection
                window.grid?.cursor = stored.cursor
                window.grid?.anchor = stored.anchor
                window.grid?.columns = stored.columns
                window.grid?.view = stored.view
            } else if !stored.selection.isEmpty || stored.cursor != nil {
                throw SessionArchive.Invalid(description: "viewer window \(stored.id) has a selection")
            }
            let entries = { (runs: [ClosedRange<Int>]) throws(SessionArchive.Invalid) -> [UndoStack.Entry] in
                var entries: [UndoStack.Entry] = []
                for serial in runs.joined() {
                    // Checked as it goes: a damaged run may name billions of serials.
                    guard entries.count < UndoStack.levels else {
                        throw SessionArchive.Invalid(description: "window \(stored.id) has a stack deeper than \(UndoStack.levels)")
                    }
                    // Each registration takes a larger serial than any before it.
                    guard serial > entries.last?.serial ?? 0 else {
                        throw SessionArchive.Invalid(description: "window \(stored.id) has a stack whose serials do not ascend")
                    }
                    entries.append(try lookUp(serial))
                }
                return entries
            }
            if let compare = stored.compare { try window.restore(compare) }
            window.undoStack = UndoStack(undo: try entries(stored.undo), redo: try entries(stored.redo))
            return window
        }
        guard let focus = ResponderPath(parsing: archive.firstResponder), let slot = slot(of: focus) else {
            throw SessionArchive.Invalid(description: "first responder \"\(archive.firstResponder.prefix(80))\" is not in the session")
        }
        firstResponder = path(of: slot)
        version = archive.version
        windowCounter = archive.windowCounter
        lastUndoSerial = max(archive.lastUndoSerial, archive.entrySerials.last ?? 0)
    }

    private static func archive(_ entry: UndoStack.Entry) -> SessionArchive.EntryArchive? {
        entry.restoredChanges.map {
            SessionArchive.EntryArchive(serial: entry.serial, name: entry.name, changes: $0, expected: entry.expectedValues)
        }
    }

    private static func entry(_ stored: SessionArchive.EntryArchive) -> UndoStack.Entry {
        UndoStack.Entry(name: stored.name, restoring: stored.changes, expecting: stored.expected, serial: stored.serial)
    }
}
