import ChainModel

/// A dry run's 200 answer (`?dryRun=1`): the responder that would perform the command, its
/// validation (`enabled`, and `reason` when disabled), the walk, and when enabled its
/// `result` and the `effects` of its catalog writes. A batch lists its steps, each with its
/// validation and walk, and its results as a list. `version` is the session's, unchanged.
package struct DryRunAnswer: WireObject {
    package let run: DryRun
    package let version: Int

    package init(run: DryRun, version: Int) {
        self.run = run
        self.version = version
    }

    package func members(_ member: inout JSONObjectWriter) {
        member("action", run.action)
        member("handledBy", run.performer)
        if let key = run.key { member("resolvedBy", ResolvedKeyBody(resolution: key, responder: run.performer)) }
        member("dryRun", true)
        member("enabled", run.validation.isEnabled)
        member("reason", ifPresent: run.validation.isEnabled ? nil : run.validation.reason)
        member("validation", RemoteHandlerBody.ValidationBody(validation: run.validation))
        if let steps = run.outcome?.steps {
            member("result", steps.map { JSON.object($0.result) })
        } else {
            member("result", JSON.object(run.outcome?.result ?? []))
        }
        member("effects", AttributeEffectsBody(effects: run.effects))
        if let steps = run.outcome?.steps {
            member("steps", steps.map { BatchStepBody(outcome: $0, explain: true, dryRun: true) })
        } else {
            member("trace", run.trace.map(TraceStepBody.init))
        }
        member("version", version)
    }
}
