import ChainModel

/// One responder a walk visited (`?explain=1`): whether it has a handler, its verdict, why.
package struct TraceStepBody: WireObject {
    package let step: TraceStep

    package func members(_ member: inout JSONObjectWriter) {
        member("responder", step.responder)
        member("handles", step.hasHandler)
        switch step.verdict {
        case .noHandler:
            member("verdict", "no-handler")
        case .missing:
            member("verdict", "missing")
        case .noKeyBinding:
            member("verdict", "no-binding")
        case .declined(let reason):
            member("verdict", "declined")
            member("reason", reason)
        case .handles(let validation):
            member("verdict", validation.isEnabled ? "enabled" : "disabled")
            member("state", validation.state.rawValue)
            member("title", ifPresent: validation.title)
            member("reason", ifPresent: validation.reason)
        case .refused(let error):
            member("verdict", "refused")
            member("reason", error.description)
        case .redirected(let target):
            member("verdict", "redirected")
            member("target", target)
        }
        member("explanation", step.explanation)
    }
}
