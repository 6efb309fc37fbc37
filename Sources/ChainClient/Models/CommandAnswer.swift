/// A performed command's 200 answer (and, with `version` for `session`, its `command` event).
public struct CommandAnswer: Codable, Sendable, Hashable {
    public var action: String
    public var handledBy: String?
    /// The action's result; a batch's is the list of each step's.
    public var result: JSONValue
    /// What the command made happen (`ratingChanged`, `selectionChanged`…).
    public var events: [JSONValue]
    /// The session after it (in answers; events carry `version` instead).
    public var session: SessionState?
    public var version: Int?
    /// Auto-advance's move, `{"from", "to"}`.
    public var advanced: JSONValue?
    /// For a key: the binding or menu item that resolved it, and the responder.
    public var resolvedBy: JSONValue?
    /// Undo's images another session changed since, left as they are.
    public var conflicts: [JSONValue]?
    public var steps: [JSONValue]?
    public var trace: [JSONValue]?
    public var caught: [JSONValue]?
    /// True when the server answered a retry with its first answer (`Idempotent-Replayed`).
    public var replayed: Bool = false

    enum CodingKeys: String, CodingKey {
        case action, handledBy, result, events, session, version, advanced, resolvedBy, conflicts, steps, trace, caught
    }

    /// The session's version after the command, from the session or the event.
    public var sessionVersion: Int? { session?.version ?? version }
}

/// What a command would do (`?dryRun=1`), changing nothing.
public struct DryRunAnswer: Codable, Sendable, Hashable {
    public var action: String
    public var handledBy: String?
    public var dryRun: Bool
    public var enabled: Bool
    public var validation: JSONValue?
    public var result: JSONValue?
    /// Per attribute written: `{"count", "before": {value: count}, "after": {value: count}}`.
    public var effects: JSONValue?
    public var version: Int?
    public var reason: String?
    public var resolvedBy: JSONValue?
    public var trace: [JSONValue]?
    public var steps: [JSONValue]?
}
