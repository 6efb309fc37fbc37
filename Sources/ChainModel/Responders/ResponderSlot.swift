/// Where a responder sits in one session: what the chain walk finds for a path, so a
/// handler can read the responder typed, and only when it needs it, instead of every step
/// copying the responder into an `any Responder` box.
enum ResponderSlot: Sendable, Equatable {
    case application
    /// Windows are numbered by their index in `Session.windows`.
    case window(Int)
    case grid(Int)
    case viewer(Int)
    /// A browser window's compare, present only while it is open.
    case compare(Int)

    /// The index of the window the responder is in; `nil` for the application.
    var windowIndex: Int? {
        switch self {
        case .application: nil
        case .window(let index), .grid(let index), .viewer(let index), .compare(let index): index
        }
    }

    var kind: ResponderKind {
        switch self {
        case .application: .application
        case .window: .window
        case .grid: .grid
        case .viewer: .viewer
        case .compare: .compare
        }
    }
}
