import ChainModel

/// One step of a batch's answer: what it performed and who performed it, with its walk
/// when explained (its result is in the batch's `result` list). In a dry run it carries the
/// performer's validation.
package struct BatchStepBody: WireObject {
    package let outcome: CommandOutcome
    package let explain: Bool
    package var dryRun = false

    package func members(_ member: inout JSONObjectWriter) {
        member("action", outcome.action)
        member("handledBy", outcome.handledBy)
        if dryRun { member("validation", RemoteHandlerBody.ValidationBody(validation: DryRun.validation(of: outcome))) }
        if explain { member("trace", outcome.trace.map(TraceStepBody.init)) }
    }
}
