import ChainModel

/// A performed command's 200 answer: who handled it, its result, the events it made
/// happen, the session after it, what catchers caught, and the walk when explained.
struct CommandAnswer: WireObject {
    let outcome: CommandOutcome
    let sessionID: String
    let explain: Bool

    func members(_ member: inout JSONObjectWriter) {
        member("action", outcome.action)
        member("handledBy", outcome.handledBy)
        member("result", JSON.object(outcome.result))
        member("events", outcome.events.map(\.json))
        member("session", SessionBody(id: sessionID, session: outcome.session))
        if !outcome.catches.isEmpty { member("caught", outcome.catches.map(CaughtBody.init)) }
        if explain { member("trace", outcome.trace.map(TraceStepBody.init)) }
    }

    struct CaughtBody: WireObject {
        let caught: ErrorCatch

        func members(_ member: inout JSONObjectWriter) {
            member("responder", caught.responder)
            member("error", caught.caught.description)
        }
    }
}
