extension CommandDispatcher {
    /// Sends `invocation` through `session`'s chain and performs it.
    ///
    /// Unknown action or start responder: `notFound`; nobody handles it: `unhandled`; the
    /// performer validates it disabled: `disabled`; bad arguments: `invalidArgument`. An
    /// error the performer throws travels up the chain through error catchers first.
    /// Nothing is changed here: the outcome carries the new session and the catalog writes.
    public func perform(
        _ invocation: Invocation, in session: Session, catalog: any CatalogReading,
        from start: ResponderPath? = nil, explain: Bool = false
    ) throws(CommandFailure) -> CommandOutcome {
        guard knows(invocation.action, in: session) else {
            throw CommandFailure(.notFound(kind: .action, name: invocation.action, field: "action"))
        }
        if let start, !session.contains(start) {
            throw CommandFailure(.notFound(kind: .responder, name: start.string, field: "target"))
        }
        let resolution = resolve(invocation, in: ValidationScope(session: session, catalog: catalog), from: start, explain: explain)
        guard let performer = resolution.target, let handler = resolution.handler else {
            throw CommandFailure(.unhandled(action: invocation.action, chain: session.chain(from: start)))
        }
        if let error = resolution.error { throw CommandFailure(error) }
        if let validation = resolution.validation, !validation.isEnabled {
            throw CommandFailure(.disabled(action: invocation.action, responder: performer, reason: validation.reason))
        }

        var context = PerformContext(
            session: session, catalog: catalog, action: invocation.action, arguments: invocation.arguments,
            performer: performer, values: contextValues(for: session.chain(from: start), in: session)
        )
        do {
            try handler.perform(&context)
        } catch {
            return try recover(from: error, thrownBy: performer, invocation: invocation, session: session, trace: resolution.trace)
        }

        let deliveries = context.emitted.map { deliver($0, in: context.session) }
        return CommandOutcome(
            action: invocation.action, handledBy: performer, session: context.session, changes: context.catalog.changes,
            result: context.result, events: deliveries.compactMap { $0.consumedBy == nil ? $0.delivered : nil },
            deliveries: deliveries, catches: [], trace: resolution.trace
        )
    }

    /// Performs a typed command.
    public func perform<C: Command>(
        _ command: C, in session: Session, catalog: any CatalogReading, from start: ResponderPath? = nil
    ) throws(CommandFailure) -> CommandOutcome {
        try perform(Invocation(command), in: session, catalog: catalog, from: start)
    }

    /// Asks every responder on `chain`, application first, for its context values, so the
    /// responder nearest the first responder has the last word.
    func contextValues(for chain: [ResponderPath], in session: Session) -> ContextValues {
        var values = ContextValues()
        for path in chain.reversed() {
            if let kind = registry.behavior(of: path.kind) {
                for entry in kind.providers { entry.value.provide(path, session, &values) }
            }
            if let own = session.attachments.behavior(at: path) {
                for entry in own.providers { entry.value.provide(path, session, &values) }
            }
        }
        return values
    }

    /// Sends `event` from its source up to the application through the observers of each
    /// responder, the responder's own first, newest registration first.
    public func deliver(_ event: Event, in session: Session) -> EventDelivery {
        var current = event
        var hops: [EventHop] = []
        var next: ResponderPath? = event.source ?? session.firstResponder
        while let path = next {
            next = path.parent
            let consumed = try? firstResult(at: path, in: session) { behavior -> Bool? in
                for entry in behavior.observers.reversed() where entry.value.eventType == nil || entry.value.eventType == current.type {
                    switch entry.value.react(current, path, session) {
                    case .pass:
                        hops.append(EventHop(responder: path, eventType: current.type, action: .observed))
                    case .consume where current.isBroadcast, .replace where current.isBroadcast:
                        hops.append(EventHop(responder: path, eventType: current.type, action: .ignored))
                    case .consume:
                        hops.append(EventHop(responder: path, eventType: current.type, action: .consumed))
                        return true
                    case .replace(var replacement):
                        hops.append(EventHop(responder: path, eventType: current.type, action: .replaced(by: replacement.type)))
                        replacement.source = replacement.source ?? path
                        current = replacement
                    }
                }
                return nil
            }
            if consumed == true { return EventDelivery(emitted: event, delivered: current, hops: hops, consumedBy: path) }
        }
        return EventDelivery(emitted: event, delivered: current, hops: hops, consumedBy: nil)
    }

    /// Sends a performer's error up the chain from the performer. A catcher may let it
    /// pass, replace it, or recover with an event, in which case the command succeeds
    /// having changed nothing.
    func recover(
        from thrown: CommandError, thrownBy performer: ResponderPath, invocation: Invocation, session: Session,
        trace: [TraceStep]
    ) throws(CommandFailure) -> CommandOutcome {
        var error = thrown
        var catches: [ErrorCatch] = []
        var next: ResponderPath? = performer
        while let path = next {
            next = path.parent
            let recovered = try firstResult(at: path, in: session) { behavior throws(CommandFailure) -> CommandOutcome? in
                for entry in behavior.catchers.reversed() {
                    let disposition = entry.value.react(error, path)
                    guard disposition != .pass else { continue }
                    catches.append(ErrorCatch(responder: path, caught: error, disposition: disposition))
                    switch disposition {
                    case .pass:
                        break
                    case .replace(let replacement):
                        error = replacement
                    case .recover(var event):
                        event.source = event.source ?? path
                        let delivery = deliver(event, in: session)
                        return CommandOutcome(
                            action: invocation.action, handledBy: performer, session: session, changes: [], result: [],
                            events: delivery.consumedBy == nil ? [delivery.delivered] : [], deliveries: [delivery],
                            catches: catches, trace: trace
                        )
                    }
                }
                return nil
            }
            if let recovered { return recovered }
        }
        throw CommandFailure(error, catches: catches)
    }
}
