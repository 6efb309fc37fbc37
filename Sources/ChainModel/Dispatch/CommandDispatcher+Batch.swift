extension CommandDispatcher {
    /// The most steps a batch may hold.
    public static let maxBatchSteps = 100
    /// The action a batch's outcome carries.
    public static let batchAction = "batch"

    /// Performs `steps` in order as one command, each walked against the session and
    /// catalog as the step before left them. All or nothing: the first step that fails
    /// fails the batch, with its index (`CommandFailure.step`), and nothing of the earlier
    /// steps remains. A step reaching a remote handler is refused (`rejected`, code
    /// `remote-in-batch`), as its client answers asynchronously; so are `undo` and `redo`
    /// (code `undo-in-batch`), which would take entries from under the batch's own.
    ///
    /// The outcome is one command's: the session's version moves once, the catalog writes of
    /// every step form one batch, and they are undone together by one entry named `undoName`
    /// (by default the name of the first entry a step registered), on the window the first
    /// such entry went to. Its `steps` hold each step's outcome.
    public func perform(
        batch steps: [BatchStep], undoName: String? = nil, in session: Session, catalog: any CatalogReading,
        remote: RemoteHandlers = .none, explain: Bool = false
    ) throws(CommandFailure) -> CommandOutcome {
        var current = session
        var staged = CatalogTransaction(base: catalog)
        var outcomes: [CommandOutcome] = []
        outcomes.reserveCapacity(steps.count)
        for (index, step) in steps.enumerated() {
            let action = step.invocation.action
            if action == Undo.action || action == Redo.action {
                throw CommandFailure(.rejected(
                    code: "undo-in-batch", message: "\(action) cannot be a step of a batch; send it on its own", responder: nil),
                    step: index)
            }
            let outcome: CommandOutcome
            do throws(CommandFailure) {
                // Steps do not coalesce (no `now`): the batch is one entry anyway.
                outcome = try perform(step.invocation, in: current, catalog: staged, remote: remote, from: step.start, explain: explain)
            } catch {
                var failure = error
                failure.step = index
                throw failure
            }
            if outcome.remoteCall != nil {
                throw CommandFailure(.rejected(
                    code: "remote-in-batch",
                    message: "\(action) reaches a remote handler at \(outcome.handledBy), which cannot be a step of a batch",
                    responder: outcome.handledBy), step: index)
            }
            staged.stage(outcome.changes)
            current = outcome.session
            outcomes.append(outcome)
        }
        current.version = session.version + 1
        let changes = staged.changes
        Self.replaceUndoEntries(after: session.lastUndoSerial, in: &current, name: undoName, writes: changes) {
            catalog.previousValues(of: changes)
        }
        return CommandOutcome(
            action: Self.batchAction, handledBy: outcomes.first?.handledBy ?? current.firstResponder, session: current,
            changes: changes, result: [], events: outcomes.flatMap(\.events), deliveries: outcomes.flatMap(\.deliveries),
            catches: outcomes.flatMap(\.catches), trace: [], steps: outcomes)
    }

    /// Takes the undo entries registered after `serial` off every window's stack and, when
    /// there were any or the batch `writes`, registers one in their place that writes back
    /// `previous()`: what the batch overwrote, read from the catalog as it was before it. It
    /// goes where the first of them went, or (that window closed since) to the window of
    /// the first responder.
    private static func replaceUndoEntries(
        after serial: Int, in session: inout Session, name: String?, writes: ChangeSet, previous: () -> ChangeSet
    ) {
        var first: (serial: Int, window: String, name: String)?
        for window in session.windows {
            session.updateUndoStack(ofWindow: window.id) { stack in
                while let top = stack.topUndoSerial, top > serial, let entry = stack.popUndo() {
                    if first.map({ top < $0.serial }) ?? true { first = (top, window.id, entry.name) }
                }
            }
        }
        guard !writes.isEmpty || first != nil, let window = first?.window ?? session.firstResponder.windowID else { return }
        var entry = UndoStack.Entry(name: name ?? first?.name ?? batchAction, restoring: previous(), expecting: writes)
        entry.serial = session.takeUndoSerial()
        session.updateUndoStack(ofWindow: window) { $0.register(entry, direction: .normal) }
    }
}
