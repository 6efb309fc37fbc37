/// One responder visited by a chain walk and what it said: the material of `?explain=1`.
public struct TraceStep: Sendable, Equatable {
    public enum Verdict: Sendable, Equatable {
        /// No handler for the action here.
        case noHandler
        case declined(String)
        case handles(Validation)
        case refused(CommandError)
        /// This responder has no handler (or declined) and names another target.
        case redirected(to: ResponderPath)
        /// The path names no responder of the session.
        case missing
        /// A key's walk: this responder's kind binds nothing to the key.
        case noKeyBinding
    }

    public var responder: ResponderPath
    public var hasHandler: Bool
    public var verdict: Verdict

    /// A sentence for people reading a trace.
    public var explanation: String {
        switch verdict {
        case .noHandler: "no handler for this action"
        case .declined(let reason): "declined: \(reason)"
        case .handles(let validation):
            validation.isEnabled ? "handles it: enabled, state \(validation.state.rawValue)"
                : "handles it: disabled" + (validation.reason.map { " (\($0))" } ?? "")
        case .refused(let error): "handles it, but refuses: \(error)"
        case .redirected(let target): "redirects to \(target)"
        case .missing: "no such responder"
        case .noKeyBinding: "no key binding for this key"
        }
    }
}

/// Where a chain walk ended: the responder that would perform the command and what its
/// validation said, or nothing, with the trace when one was asked for.
public struct Resolution: Sendable {
    public var target: ResponderPath?
    public var validation: Validation?
    /// Why the performer refuses the command as asked (bad arguments, unknown names).
    public var error: CommandError?
    public var trace: [TraceStep]
    let handler: ActionHandler?
    /// The handler's perform part bound to the command and performer validation decoded,
    /// when the walk was made to perform.
    var prepared: ActionHandler.Perform?
    /// Set when the walk ended at a live remote handler: performing means asking its client.
    public var remote: RemoteHandler?

    /// Enabled means someone performs it and its validation allows it now.
    public var isEnabled: Bool { target != nil && validation?.isEnabled == true && error == nil }
}

/// What a successful command did.
public struct CommandOutcome: Sendable {
    public var action: String
    public var handledBy: ResponderPath
    /// The session after the command.
    public var session: Session
    /// Catalog writes to make durable, then apply, in order.
    public var changes: ChangeSet
    /// Members of the command's `result` object.
    public var result: [(key: String, value: JSON)]
    /// Events as they reached the top of the chain (consumed ones are absent).
    public var events: [Event]
    /// Every emitted event's journey up the chain.
    public var deliveries: [EventDelivery]
    /// Errors caught on the way; non-empty when a catcher recovered the command.
    public var catches: [ErrorCatch]
    public var trace: [TraceStep]
    /// Set when the walk ended at a remote handler: nothing happened yet, the client is to
    /// be asked, and `CommandDispatcher.complete` makes its answer the real outcome.
    public var remoteCall: RemoteCall? = nil
    /// For a key press: what took the key.
    public var key: KeyResolution? = nil
    /// For a batch: each step's own outcome, in order (the batch's `result` lists theirs).
    public var steps: [CommandOutcome]? = nil
    /// Where auto-advance moved after a rating, label or flag change (`Advance`).
    public var advanced: Advance? = nil
    /// The images an undo or redo left as they were, because someone changed them since.
    public var conflicts: [UndoConflict] = []
}
