extension Session {
    /// The slot of the responder `path` names in this session, or `nil`. Inlined: every step
    /// of every walk asks, and the kind is known at most call sites.
    @inline(__always)
    func slot(of path: ResponderPath) -> ResponderSlot? {
        switch path.kind {
        case nil: nil
        case .application: .application
        case .window: windowIndex(of: path.window).map { .window($0) }
        case .grid: windowIndex(of: path.window).flatMap { windows[$0].grid?.path == path ? .grid($0) : nil }
        case .viewer: windowIndex(of: path.window).flatMap { windows[$0].viewer.path == path ? .viewer($0) : nil }
        case .compare: windowIndex(of: path.window).flatMap { windows[$0].compare?.path == path ? .compare($0) : nil }
        }
    }

    /// The path of the responder in `slot`, as the tree holds it.
    func path(of slot: ResponderSlot) -> ResponderPath {
        switch slot {
        case .application: .app
        case .window(let index): windows[index].path
        case .grid(let index): windows[index].grid!.path
        case .viewer(let index): windows[index].viewer.path
        case .compare(let index): windows[index].compare!.path
        }
    }

    /// The responder in `slot`, boxed, for code that takes any responder.
    func responder(in slot: ResponderSlot) -> any Responder {
        switch slot {
        case .application: Application()
        case .window(let index): windows[index]
        case .grid(let index): windows[index].grid!
        case .viewer(let index): windows[index].viewer
        case .compare(let index): windows[index].compare!
        }
    }

    /// The responder in `slot` as `Performer`, or `nil` when it is not one (a window's slot
    /// also gives its `WindowState`). Each case casts from a concrete type, which the
    /// compiler resolves when it specialises a command.
    func performer<Performer>(in slot: ResponderSlot, as type: Performer.Type = Performer.self) -> Performer? {
        // Likewise the performer of rating, label and flag commands: built inline, where
        // `as? Performer` into `any ImageTarget` would box it.
        if Performer.self == AnyImageTarget.self {
            // Unwrapped first: a cast from an optional is not folded, and runs as a dynamic cast.
            guard let target = AnyImageTarget(slot, in: self) else { return nil }
            return target as? Performer
        }
        switch slot {
        case .application: return Application() as? Performer
        case .window(let index):
            // Known when the compiler specialises a command: a window's own commands read
            // its state in place rather than a copy of the whole window.
            if Performer.self == WindowState.self { return WindowState(windows[index]) as? Performer }
            return windows[index] as? Performer
        case .grid(let index): return windows[index].grid.flatMap { $0 as? Performer }
        case .viewer(let index): return windows[index].viewer as? Performer
        case .compare(let index): return windows[index].compare.flatMap { $0 as? Performer }
        }
    }
}
