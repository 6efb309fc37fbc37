/// One key that does something now, for a session's cheat sheet (`GET …/keys`).
public struct KeySheetEntry: Sendable, Equatable {
    public enum Source: String, Sendable {
        case binding
        case menu
    }

    public let key: KeyEquivalent
    public let invocation: Invocation
    /// The responder that performs it now.
    public let responder: ResponderPath
    public let title: String
    public let enabled: Bool
    public let source: Source
}
