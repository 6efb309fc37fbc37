extension CommandDispatcher {
    /// Sends `event` from its source up to the application through the observers of each
    /// responder, the responder's own first, newest registration first.
    public func deliver(_ event: Event, in session: Session) -> EventDelivery {
        // Copied only once an observer replaces it, which most events never meet.
        var replaced: Event?
        var hops: [EventHop] = []
        var next: ResponderPath? = event.source ?? session.firstResponder
        while let path = next {
            next = path.parent
            var consumed = false
            if let own = session.attachments.behavior(at: path) {
                consumed = observe(own.observers, at: path, in: session, original: event, replaced: &replaced, hops: &hops)
            }
            if !consumed, let kind = path.kind, registry.hasObservers(on: kind) {
                consumed = observe(registry.observers(of: kind), at: path, in: session, original: event, replaced: &replaced, hops: &hops)
            }
            if consumed { return EventDelivery(emitted: event, delivered: replaced ?? event, hops: hops, consumedBy: path) }
        }
        return EventDelivery(emitted: event, delivered: replaced ?? event, hops: hops, consumedBy: nil)
    }

    /// Shows `event` to `observers` of one responder; `true` when one consumed it.
    private func observe(
        _ observers: [Behavior.Entry<EventObserver>], at path: ResponderPath, in session: Session,
        original: Event, replaced: inout Event?, hops: inout [EventHop]
    ) -> Bool {
        for entry in observers.reversed() {
            let current = replaced ?? original
            guard entry.value.eventType == nil || entry.value.eventType == current.type else { continue }
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
                replaced = replacement
            }
        }
        return false
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
            // The responder's own catchers first, then its kind's.
            let own = session.attachments.behavior(at: path)?.catchers ?? []
            let kind = path.kind.map(registry.catchers(of:)) ?? []
            for entry in [own.reversed(), kind.reversed()].joined() {
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
                        action: invocation.action, handledBy: performer, session: session, changes: ChangeSet(), result: [],
                        events: delivery.consumedBy == nil ? [delivery.delivered] : [], deliveries: [delivery],
                        catches: catches, trace: trace
                    )
                }
            }
        }
        throw CommandFailure(error, catches: catches)
    }
}
