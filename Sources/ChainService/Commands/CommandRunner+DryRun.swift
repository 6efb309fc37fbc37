import ChainModel

/// Dry runs (`?dryRun=1`): in the session's turn, so they see the session as the commands
/// before them left it, the command is performed on copies and described (`DryRun`). Nothing
/// is staged or stored: no undo entry, no version, no event, and no idempotency receipt (a
/// dry run neither records nor replays a key). `If-Match` is honoured.
extension CommandRunner {
    package func dryRun(
        _ invocation: Invocation, from target: ResponderPath?, on session: LiveSession, conditions: CommandConditions,
        answer: @escaping Answer
    ) {
        let (dispatcher, catalog) = (dispatcher, catalog)
        rehearse(on: session, conditions: conditions, answer: answer) { model, remote throws(CommandFailure) in
            try dispatcher.dryRun(invocation, in: model, catalog: catalog, remote: remote, from: target)
        }
    }

    package func dryRun(key: KeyEquivalent, on session: LiveSession, conditions: CommandConditions, answer: @escaping Answer) {
        let (dispatcher, catalog) = (dispatcher, catalog)
        rehearse(on: session, conditions: conditions, answer: answer) { model, remote throws(CommandFailure) in
            try dispatcher.dryRun(key: key, in: model, catalog: catalog, remote: remote)
        }
    }

    package func dryRun(
        batch steps: [BatchStep], undoName: String?, on session: LiveSession, conditions: CommandConditions,
        answer: @escaping Answer
    ) {
        let (dispatcher, catalog) = (dispatcher, catalog)
        rehearse(on: session, conditions: conditions, answer: answer) { model, remote throws(CommandFailure) in
            try dispatcher.dryRun(batch: steps, undoName: undoName, in: model, catalog: catalog, remote: remote)
        }
    }

    private func rehearse(
        on session: LiveSession, conditions: CommandConditions, answer: @escaping Answer,
        _ rehearse: @escaping @Sendable (Session, RemoteHandlers) throws(CommandFailure) -> DryRun
    ) {
        let checked = CommandConditions(versionMatches: conditions.versionMatches)
        session.submit(ended: { answer(.sessionEnded).send() }) { finish in
            let turn = Turn(session: session, action: "dryRun", conditions: checked, explain: true, answer: answer, finish: finish)
            if let ending = turn.endingBeforePerforming() { return turn.end(ending) }
            let model = session.model
            do throws(CommandFailure) {
                let run = try rehearse(model, session.remoteHandlers)
                turn.end(.rehearsed(run, version: session.version(of: model)))
            } catch {
                turn.end(.failed(error))
            }
        }
    }
}
