extension CommandDispatcher {
    /// What performing `invocation` would do now (`DryRun`), walked with its trace. A command
    /// its performer validates disabled is no failure here: the dry run says so. Every other
    /// failure is thrown as `perform` throws it.
    public func dryRun(
        _ invocation: Invocation, in session: Session, catalog: any CatalogReading, remote: RemoteHandlers = .none,
        from start: ResponderPath? = nil
    ) throws(CommandFailure) -> DryRun {
        do throws(CommandFailure) {
            let outcome = try perform(invocation, in: session, catalog: catalog, remote: remote, from: start, explain: true)
            return DryRun(performed: outcome, on: catalog)
        } catch {
            let walk = resolve(invocation, in: scope(session: session, catalog: catalog, remote: remote), from: start, explain: true)
            return try Self.disabled(error, walk: walk, invocation: invocation, key: nil, keyTrace: [])
        }
    }

    /// What pressing `key` would do now, as `dryRun(_:)` tells of a command.
    public func dryRun(
        key: KeyEquivalent, in session: Session, catalog: any CatalogReading, remote: RemoteHandlers = .none
    ) throws(CommandFailure) -> DryRun {
        do throws(CommandFailure) {
            let outcome = try perform(key: key, in: session, catalog: catalog, remote: remote, explain: true)
            return DryRun(performed: outcome, on: catalog)
        } catch {
            let scope = self.scope(session: session, catalog: catalog, remote: remote)
            guard let resolution = resolve(key: key, in: scope, explain: true) else { throw error }
            let walk = resolve(resolution.invocation, in: scope, from: resolution.start, explain: true)
            return try Self.disabled(error, walk: walk, invocation: resolution.invocation, key: resolution, keyTrace: resolution.trace)
        }
    }

    /// What a batch would do now. All or nothing, so a step that would fail, disabled or
    /// not, fails the dry run as it would the batch.
    public func dryRun(
        batch steps: [BatchStep], undoName: String? = nil, in session: Session, catalog: any CatalogReading,
        remote: RemoteHandlers = .none
    ) throws(CommandFailure) -> DryRun {
        let outcome = try perform(batch: steps, undoName: undoName, in: session, catalog: catalog, remote: remote, explain: true)
        return DryRun(performed: outcome, on: catalog)
    }

    /// The dry run of a command that failed as `failure`: when it was disabled, what the
    /// walk (`walk`) found; any other failure is thrown again.
    private static func disabled(
        _ failure: CommandFailure, walk: Resolution, invocation: Invocation, key: KeyResolution?, keyTrace: [TraceStep]
    ) throws(CommandFailure) -> DryRun {
        guard case .disabled(_, let responder, let reason) = failure.error else { throw failure }
        return DryRun(
            action: invocation.action, performer: walk.target ?? responder,
            validation: walk.validation ?? .disabled(reason ?? "disabled"), trace: keyTrace + walk.trace, key: key)
    }
}
