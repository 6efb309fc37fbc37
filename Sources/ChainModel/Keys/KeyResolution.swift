/// What took a key press: a binding on a responder of the chain, or a menu item's key
/// equivalent when no responder binds the key. A class: every command's outcome has room for
/// one, which then costs a pointer to carry, copy and destroy.
public final class KeyResolution: Sendable {
    public enum Source: Sendable {
        case binding(KeyBinding)
        case menuItem(MenuItem)
    }

    public let source: Source
    public let invocation: Invocation
    /// Where the command's walk starts: the responder whose binding took the key, or `nil`
    /// (the first responder) for a menu item.
    public let start: ResponderPath?
    /// The responders passed before the one that took the key (`?explain=1`).
    public let trace: [TraceStep]

    public init(source: Source, invocation: Invocation, start: ResponderPath?, trace: [TraceStep]) {
        self.source = source
        self.invocation = invocation
        self.start = start
        self.trace = trace
    }
}
