/// Where a responder sits in one session: what the chain walk finds for a path, so a
/// handler can read the responder typed, and only when it needs it, instead of every step
/// copying the responder into an `any Responder` box.
enum ResponderSlot: Sendable, Equatable {
    case application
    /// Windows are numbered by their index in `Session.windows`.
    case window(Int)
    case grid(Int)
    case viewer(Int)

    var kind: ResponderKind {
        switch self {
        case .application: .application
        case .window: .window
        case .grid: .grid
        case .viewer: .viewer
        }
    }
}

extension Session {
    /// The slot of the responder `path` names in this session, or `nil`.
    func slot(of path: ResponderPath) -> ResponderSlot? {
        guard let kind = path.kind else { return nil }
        if kind == .application { return .application }
        guard let index = windows.firstIndex(where: { path.belongs(toWindow: $0.id) }) else { return nil }
        switch kind {
        case .application: return .application
        case .window: return .window(index)
        case .grid: return windows[index].grid?.path == path ? .grid(index) : nil
        case .viewer: return windows[index].viewer.path == path ? .viewer(index) : nil
        }
    }

    /// The responder in `slot`, boxed, for code that takes any responder.
    func responder(in slot: ResponderSlot) -> any Responder {
        switch slot {
        case .application: Application()
        case .window(let index): windows[index]
        case .grid(let index): windows[index].grid!
        case .viewer(let index): windows[index].viewer
        }
    }

    /// The responder in `slot` as `Performer`, or `nil` when it is not one. Each case casts
    /// from a concrete type, which the compiler resolves when it specialises a command.
    func performer<Performer>(in slot: ResponderSlot, as type: Performer.Type = Performer.self) -> Performer? {
        switch slot {
        case .application: return Application() as? Performer
        case .window(let index): return windows[index] as? Performer
        case .grid(let index): return windows[index].grid.flatMap { $0 as? Performer }
        case .viewer(let index): return windows[index].viewer as? Performer
        }
    }
}
