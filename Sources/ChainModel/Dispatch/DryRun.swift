/// What a command would do now, found by performing it on copies and keeping nothing: the
/// responder that would perform it, its validation and walk, and, when it is enabled, the
/// outcome it would have and the effects of its catalog writes.
public struct DryRun: Sendable {
    public var action: String
    /// The responder that would perform it (a batch: the first step's).
    public var performer: ResponderPath
    /// Disabled: performing it would be refused, and `outcome` is `nil`.
    public var validation: Validation
    public var trace: [TraceStep]
    /// What performing would produce. For a walk ending at a remote handler, only the call:
    /// what its client would change is not known ahead.
    public var outcome: CommandOutcome?
    /// One per attribute the command would write, against the catalog as it is.
    public var effects: [AttributeEffect]
    /// For a key press: what would take the key.
    public var key: KeyResolution?

    /// The dry run of a command that performed, on copies, into `outcome`.
    init(performed outcome: CommandOutcome, on catalog: any CatalogReading) {
        action = outcome.action
        performer = outcome.handledBy
        validation = Self.validation(of: outcome)
        trace = outcome.trace
        self.outcome = outcome
        effects = AttributeEffect.effects(of: outcome.changes, on: catalog)
        key = outcome.key
    }

    init(action: String, performer: ResponderPath, validation: Validation, trace: [TraceStep], key: KeyResolution?) {
        self.action = action
        self.performer = performer
        self.validation = validation
        self.trace = trace
        outcome = nil
        effects = []
        self.key = key
    }

    /// What the performer's validation said in a walk explained (`explain: true`): the
    /// trace's step at the performer. A batch, whose steps each have their own, is enabled.
    public static func validation(of outcome: CommandOutcome) -> Validation {
        for step in outcome.trace.reversed() where step.responder == outcome.handledBy {
            if case .handles(let validation) = step.verdict { return validation }
        }
        return .enabled
    }
}
