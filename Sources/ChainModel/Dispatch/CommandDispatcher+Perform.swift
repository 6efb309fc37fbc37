extension CommandDispatcher {
    /// Sends `invocation` through `session`'s chain and performs it.
    ///
    /// Unknown action or start responder: `notFound`; nobody handles it: `unhandled`; the
    /// performer validates it disabled: `disabled`; bad arguments: `invalidArgument`. An
    /// error the performer throws travels up the chain through error catchers first.
    /// Nothing is changed here: the outcome carries the new session and the catalog writes.
    /// `now` is when the command is performed, for undo coalescing (`UndoCoalescing`);
    /// without it nothing coalesces.
    public func perform(
        _ invocation: Invocation, in session: Session, catalog: any CatalogReading, remote: RemoteHandlers = .none,
        from start: ResponderPath? = nil, explain: Bool = false, now: Moment? = nil
    ) throws(CommandFailure) -> CommandOutcome {
        let column = registry.column(of: invocation.action)
        guard column != nil || session.attachments.actions.contains(invocation.action)
            || remoteActions.contains(invocation.action) || remote.actions.contains(invocation.action) else {
            throw CommandFailure(.notFound(kind: .action, name: invocation.action, field: "action"))
        }
        if let start, !session.contains(start) {
            throw CommandFailure(.notFound(kind: .responder, name: start.string, field: "target"))
        }
        // The chain's context is read before the walk rather than after it: its application
        // part says whether the pass is read-only, which a catalog write's validation asks,
        // so the application's providers are not asked a second time.
        var readOnly = false
        let values = contextValues(from: start ?? session.firstResponder, in: session, applicationReadOnly: &readOnly)
        let scope = ValidationScope(
            session: session, catalog: catalog, remote: remote, applicationProviders: registry.providers(of: .application),
            readOnly: readOnly
        )
        let resolution = resolve(
            invocation.action, invocation.arguments, column: column, in: scope, from: start, explain: explain, preparing: true
        )
        return try perform(invocation, resolved: resolution, in: session, catalog: catalog, from: start, now: now, values: values)
    }

    /// Performs `invocation` where a walk made to perform it (`preparing`) ended, with the
    /// context values of the chain from `start`.
    @inline(__always)
    func perform(
        _ invocation: Invocation, resolved resolution: Resolution, in session: Session, catalog: any CatalogReading,
        from start: ResponderPath?, now: Moment?, values: consuming ContextValues
    ) throws(CommandFailure) -> CommandOutcome {
        // A walk that ends at a remote handler has no local one: the remote handler, a large
        // value, is read only when the local one is missing, not copied out for every command.
        guard let performer = resolution.target, let handler = resolution.handler else {
            if let remote = resolution.remote, let performer = resolution.target {
                return try remoteOutcome(remote, at: performer, invocation, resolution, in: session, from: start)
            }
            throw CommandFailure(.unhandled(action: invocation.action, chain: session.chain(from: start)))
        }
        if let error = resolution.error { throw CommandFailure(error) }
        if let validation = resolution.validation, !validation.isEnabled {
            throw CommandFailure(.disabled(action: invocation.action, responder: performer, reason: validation.reason))
        }

        var context = PerformContext(
            session: session, catalog: catalog, action: invocation.action, arguments: invocation.arguments,
            performer: performer, values: values, now: now
        )
        do {
            try (resolution.prepared ?? handler.perform)(&context)
        } catch {
            return try recover(from: error, thrownBy: performer, invocation: invocation, session: session, trace: resolution.trace)
        }
        try Self.refuseReadOnlyWrites(of: context)
        return outcome(of: consume context, trace: resolution.trace)
    }

    /// A handler whose validation did not ask (one attached at run time, a remote handler's
    /// answer) may still have written: the context the chain provided says whether it may.
    static func refuseReadOnlyWrites(of context: borrowing PerformContext) throws(CommandFailure) {
        guard !context.catalog.changes.isEmpty, let role = context.values[RoleKey.self], !role.mayWriteCatalog else { return }
        throw CommandFailure(.disabled(action: context.action, responder: context.performer, reason: Role.readOnlyReason))
    }

    /// Delivers what the command emitted and builds its outcome from the context, which
    /// is handed over (`consume`) rather than copied, as it ends here.
    func outcome(of context: consuming PerformContext, trace: [TraceStep]) -> CommandOutcome {
        context.session.version += 1
        let emitted = context.takeEmitted()
        var deliveries: [EventDelivery] = []
        deliveries.reserveCapacity(emitted.count)
        var altered = false
        for event in emitted {
            let delivery = deliver(event, in: context.session)
            altered = altered || delivery.consumedBy != nil
                || delivery.hops.contains { if case .replaced = $0.action { true } else { false } }
            deliveries.append(delivery)
        }
        // Usually every event reaches the top as it was emitted: then the list is the
        // emitted one, shared rather than built again.
        let events = altered ? deliveries.compactMap { $0.consumedBy == nil ? $0.delivered : nil } : emitted
        // The lists are moved out of the context, which ends here, rather than copied and then
        // released with it (a copy of the context's fields goes through value witnesses).
        var result: [(key: String, value: JSON)] = []
        swap(&result, &context.result)
        var conflicts: [UndoConflict] = []
        swap(&conflicts, &context.conflicts)
        return CommandOutcome(
            action: context.action, handledBy: context.performer, session: context.takeSession(),
            changes: context.catalog.takeChanges(), result: result, events: events, deliveries: deliveries,
            catches: [], trace: trace, advanced: context.advanced, conflicts: conflicts
        )
    }

    /// Performs a typed command.
    public func perform<C: Command>(
        _ command: C, in session: Session, catalog: any CatalogReading, from start: ResponderPath? = nil
    ) throws(CommandFailure) -> CommandOutcome {
        try perform(Invocation(command), in: session, catalog: catalog, from: start)
    }

    /// Asks every responder on the chain from `start`, application first, for its context
    /// values, so the responder nearest the first responder has the last word.
    func contextValues(from start: ResponderPath, in session: Session) -> ContextValues {
        var readOnly = false
        return contextValues(from: start, in: session, applicationReadOnly: &readOnly)
    }

    /// The context values, and in `applicationReadOnly` whether the application's part of
    /// them (what the application provides, before any responder below it) is read-only.
    func contextValues(from start: ResponderPath, in session: Session, applicationReadOnly: inout Bool) -> ContextValues {
        var values = ContextValues()
        provideValues(at: start, in: session, into: &values, applicationReadOnly: &applicationReadOnly)
        return values
    }

    /// Recurses to the top first, so no array of the chain is built to walk it backwards.
    private func provideValues(
        at path: ResponderPath, in session: Session, into values: inout ContextValues, applicationReadOnly: inout Bool
    ) {
        if let parent = path.parent { provideValues(at: parent, in: session, into: &values, applicationReadOnly: &applicationReadOnly) }
        if let kind = path.kind {
            for entry in registry.providers(of: kind) { entry.value.provide(path, session, &values) }
        }
        if let own = session.attachments.behavior(at: path) {
            for entry in own.providers { entry.value.provide(path, session, &values) }
        }
        if path.parent == nil { applicationReadOnly = ValidationScope.isReadOnly(values) }
    }
}
