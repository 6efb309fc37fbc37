/// What a performer works on: a copy of the session and a transaction on the catalog.
/// Both become real only when the command succeeds.
public struct PerformContext {
    public var session: Session
    public var catalog: CatalogTransaction
    public let action: String
    public let arguments: Arguments
    /// The responder performing the command.
    public let performer: ResponderPath
    /// What responders on the chain contributed, nearest last so it wins.
    public internal(set) var values: ContextValues
    /// Members of the command's `result` object.
    public var result: [(key: String, value: JSON)] = []
    /// The images an undo or redo left as they were (`UndoSplit`).
    public var conflicts: [UndoConflict] = []
    public private(set) var emitted: [Event] = []
    var undoDirection = UndoStack.Direction.normal
    /// Where auto-advance moved after the command's change, if it did (`Advance`).
    public internal(set) var advanced: Advance?
    /// When the command is performed, for undo coalescing; `nil` coalesces nothing.
    var now: Moment?

    init(
        session: Session, catalog: any CatalogReading, action: String, arguments: Arguments, performer: ResponderPath,
        values: ContextValues, now: Moment? = nil
    ) {
        self.now = now
        self.session = session
        self.catalog = CatalogTransaction(base: catalog)
        self.action = action
        self.arguments = arguments
        self.performer = performer
        self.values = values
    }

    /// Sends `event` up the chain from `source` (the performer by default) once the
    /// command has succeeded.
    public mutating func emit(_ event: Event, from source: ResponderPath? = nil) {
        var event = event
        event.source = source ?? event.source ?? performer
        emitted.append(event)
    }

    /// What the command emitted, moved out of a context that ends (`CommandDispatcher.outcome`)
    /// rather than copied and released with it.
    mutating func takeEmitted() -> [Event] {
        var taken: [Event] = []
        swap(&taken, &emitted)
        return taken
    }

    /// The session, moved out of a context that ends rather than copied and released with it.
    mutating func takeSession() -> Session {
        var taken = Session.vacant
        swap(&taken, &session)
        return taken
    }

    /// The window whose undo stack a registration goes to by default: the window the
    /// command travels in.
    public var windowID: String? { values[WindowKey.self]?.id ?? performer.windowID }

    /// Registers the inverse of what the command did on `window`'s undo stack (the
    /// command's window by default). While undoing it lands on the redo stack.
    public mutating func registerUndo(named name: String, in window: String? = nil, _ action: @escaping UndoStack.Action) {
        register(UndoStack.Entry(name: name, action: action), in: window)
    }

    /// Finds the window by index and pushes onto its stack in place: asking `window(_:)`
    /// copied the whole window, and a closure over the entry copied the entry. Inlined: called
    /// out of line, every command's entry was copied once more on the way.
    @inline(__always)
    private mutating func register(_ entry: consuming UndoStack.Entry, in window: String? = nil) {
        guard let id = window ?? windowID, let index = session.windowIndex(of: id) else { return }
        entry.serial = session.takeUndoSerial()
        session.windows[index].undoStack.register(entry, direction: undoDirection)
    }

    /// Writes `changes` through the catalog transaction, records what they overwrite for
    /// undo under `name`, and emits an event per attribute (`ratingChanged`, …). Every
    /// catalog write goes through here, undo and redo included. With `coalescing`, a change
    /// that continues the run of the window's top undo entry folds into it
    /// (`UndoCoalescing`) instead of registering one of its own.
    public mutating func change(_ changes: ChangeSet, undoName name: String, coalescing: UndoCoalescing.Key? = nil) {
        let folding = coalescing.flatMap { key in now.map { UndoCoalescing(key, at: $0) } }
        if let folding, coalesce(folding, expecting: changes) {
            catalog.stage(changes)
        } else {
            var entry = UndoStack.Entry(name: name, restoring: catalog.previousValues(of: changes), expecting: changes)
            entry.coalescing = folding
            catalog.stage(changes)
            register(entry)
        }
        for index in changes.segments.indices { emit(.attributeChanged(changes, segment: index)) }
    }

    /// Folds `next` into the top entry of the command's window, when it continues its run.
    private mutating func coalesce(_ next: UndoCoalescing, expecting changes: ChangeSet) -> Bool {
        guard undoDirection == .normal, let id = windowID, let index = session.windowIndex(of: id) else { return false }
        let latest = session.lastUndoSerial
        return session.windows[index].undoStack.coalesce(next, latestSerial: latest, expecting: changes)
    }

    /// Puts what an undo (or redo) that met conflicts did not write back on top of the
    /// stack it came from, with a serial of its own so storage keeps it.
    mutating func restack(_ remainder: UndoStack.Entry, in window: String, undo: Bool) {
        var remainder = remainder
        remainder.serial = session.takeUndoSerial()
        session.updateUndoStack(ofWindow: window) { $0.restack(remainder: remainder, undo: undo) }
    }

    /// Runs an undo entry in `direction`, so what it registers lands on the other stack.
    /// Unless `force`, only images still holding the values the entry set get their earlier
    /// values back (`UndoSplit`); the split is returned when some did not.
    mutating func run(_ entry: UndoStack.Entry, direction: UndoStack.Direction, force: Bool = false) throws(CommandError) -> UndoSplit? {
        let saved = undoDirection
        undoDirection = direction
        defer { undoDirection = saved }
        switch entry.step {
        case .action(let action):
            try action(&self)
            return nil
        case .restore(let previous, let expected):
            guard !force, let expected else {
                change(previous, undoName: entry.name)
                return nil
            }
            let split = UndoSplit(restoring: previous, expected: expected, in: catalog)
            if !split.clean.isEmpty { change(split.clean, undoName: entry.name) }
            return split.conflicts.isEmpty ? nil : split
        }
    }
}
