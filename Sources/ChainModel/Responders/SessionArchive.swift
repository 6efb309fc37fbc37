/// A session as plain data, for storage to keep and give back after a restart: its windows
/// with their selections, shown images and undo and redo stacks, the first responder, the
/// version and the counters that name the next window and undo entry.
///
/// What is attached at run time in-process (`Session.attach`) and undo entries registered as
/// closures are not data and are not archived; the server registers neither.
public struct SessionArchive: Sendable, Equatable {
    public struct WindowArchive: Sendable, Equatable {
        public var id: String
        public var kind: Window.Kind
        /// The grid's selection; empty for a viewer window.
        public var selection: ImageSelection
        public var image: ImageID?
        /// Oldest first, as `UndoStack.undoEntries` lists them.
        public var undo: [EntryArchive]
        public var redo: [EntryArchive]

        public init(
            id: String, kind: Window.Kind, selection: ImageSelection = ImageSelection(), image: ImageID? = nil,
            undo: [EntryArchive] = [], redo: [EntryArchive] = []
        ) {
            self.id = id
            self.kind = kind
            self.selection = selection
            self.image = image
            self.undo = undo
            self.redo = redo
        }
    }

    /// An undo entry: its serial within the session, its name and what undoing it writes.
    public struct EntryArchive: Sendable, Equatable {
        public var serial: Int
        public var name: String
        public var changes: ChangeSet

        public init(serial: Int, name: String, changes: ChangeSet) {
            self.serial = serial
            self.name = name
            self.changes = changes
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

    public init(version: Int, firstResponder: String, windows: [WindowArchive], windowCounter: Int, lastUndoSerial: Int) {
        self.version = version
        self.firstResponder = firstResponder
        self.windows = windows
        self.windowCounter = windowCounter
        self.lastUndoSerial = lastUndoSerial
    }

    /// Every undo and redo entry's serial, over all windows.
    public var entrySerials: [Int] {
        windows.flatMap { $0.undo.map(\.serial) + $0.redo.map(\.serial) }
    }
}

extension Session {
    /// The session as data. Closure undo entries are left out (see `SessionArchive`).
    public var archive: SessionArchive {
        SessionArchive(
            version: version, firstResponder: firstResponder.string,
            windows: windows.map { window in
                SessionArchive.WindowArchive(
                    id: window.id, kind: window.windowKind, selection: window.grid?.selection ?? ImageSelection(),
                    image: window.viewer.image,
                    undo: window.undoStack.undoEntries.compactMap(Self.archive),
                    redo: window.undoStack.redoEntries.compactMap(Self.archive))
            },
            windowCounter: windowCounter, lastUndoSerial: lastUndoSerial)
    }

    /// The session `archive` describes. Throws `SessionArchive.Invalid` when it could not
    /// have come from a session: a window id that is no name or repeats, more windows than
    /// a session may have, a selection in a viewer window, or a first responder not in it.
    public init(restoring archive: SessionArchive) throws(SessionArchive.Invalid) {
        self.init()
        guard archive.windows.count <= Session.maxWindows else {
            throw SessionArchive.Invalid(description: "\(archive.windows.count) windows; a session has at most \(Session.maxWindows)")
        }
        var seen = Set<String>()
        windows = try archive.windows.map { (stored) throws(SessionArchive.Invalid) -> Window in
            guard let path = ResponderPath(parsing: stored.id), path.kind == .window, seen.insert(stored.id).inserted else {
                throw SessionArchive.Invalid(description: "window id \"\(stored.id.prefix(80))\" is not a window name, or repeats")
            }
            var window = Window(id: stored.id, kind: stored.kind, image: stored.image)
            if window.grid != nil {
                window.grid?.selection = stored.selection
            } else if !stored.selection.isEmpty {
                throw SessionArchive.Invalid(description: "viewer window \(stored.id) has a selection")
            }
            window.undoStack = UndoStack(undo: stored.undo.map(Self.entry), redo: stored.redo.map(Self.entry))
            return window
        }
        guard let focus = ResponderPath(parsing: archive.firstResponder), let slot = slot(of: focus) else {
            throw SessionArchive.Invalid(description: "first responder \"\(archive.firstResponder.prefix(80))\" is not in the session")
        }
        firstResponder = path(of: slot)
        version = archive.version
        windowCounter = archive.windowCounter
        lastUndoSerial = max(archive.lastUndoSerial, archive.entrySerials.max() ?? 0)
    }

    private static func archive(_ entry: UndoStack.Entry) -> SessionArchive.EntryArchive? {
        entry.restoredChanges.map { SessionArchive.EntryArchive(serial: entry.serial, name: entry.name, changes: $0) }
    }

    private static func entry(_ stored: SessionArchive.EntryArchive) -> UndoStack.Entry {
        UndoStack.Entry(name: stored.name, restoring: stored.changes, serial: stored.serial)
    }
}
