import ChainModel

/// A performed command's 200 answer (a batch's: `result` lists each step's, `steps` who
/// performed each): who handled it (and for a key, what took the key), its result, the events it made
/// happen, the session after it, what catchers caught, and the walk when explained. As a
/// `command` event's data it carries only the session's `version`.
package struct CommandAnswer: WireObject {
    package let outcome: CommandOutcome
    package let sessionID: String
    /// The session's version after the command, as clients see it.
    package let version: Int
    package let explain: Bool
    package var versionOnly = false
    /// What the session object's grids count their working sets in; unread with `versionOnly`.
    package let catalog: any CatalogReading

    package init(
        outcome: CommandOutcome, sessionID: String, version: Int, explain: Bool, versionOnly: Bool = false, catalog: any CatalogReading
    ) {
        self.outcome = outcome
        self.sessionID = sessionID
        self.version = version
        self.explain = explain
        self.versionOnly = versionOnly
        self.catalog = catalog
    }

    package func members(_ member: inout JSONObjectWriter) {
        member("action", outcome.action)
        member("handledBy", outcome.handledBy)
        if let key = outcome.key { member("resolvedBy", ResolvedKeyBody(resolution: key, responder: outcome.handledBy)) }
        if let steps = outcome.steps {
            member("result", steps.map { JSON.object($0.result) })
        } else {
            member("result", JSON.object(outcome.result))
        }
        // Images an undo or redo left as they were, and who changed them since.
        if !outcome.conflicts.isEmpty { member("conflicts", outcome.conflicts.map(\.json)) }
        member("events", outcome.events.lazy.map(EventBody.init))
        if let advanced = outcome.advanced { member("advanced", AdvanceBody(advance: advanced)) }
        if versionOnly {
            member("version", version)
        } else {
            member("session", SessionBody(id: sessionID, session: outcome.session, version: version, catalog: catalog))
        }
        if !outcome.catches.isEmpty { member("caught", outcome.catches.map(CaughtBody.init)) }
        if let steps = outcome.steps {
            member("steps", steps.map { BatchStepBody(outcome: $0, explain: explain) })
        } else if explain {
            member("trace", outcome.trace.map(TraceStepBody.init))
        }
    }

    package struct CaughtBody: WireObject {
        package let caught: ErrorCatch

        package func members(_ member: inout JSONObjectWriter) {
            member("responder", caught.responder)
            member("error", caught.caught.description)
        }
    }
}
