/// One command of a batch: what to perform, and the responder its walk starts at (the
/// first responder of the session as the step before left it, by default).
public struct BatchStep: Sendable, Equatable {
    public var invocation: Invocation
    public var start: ResponderPath?

    public init(_ invocation: Invocation, from start: ResponderPath? = nil) {
        self.invocation = invocation
        self.start = start
    }
}
