/// Routes commands through a session's responder chain: finds the responder that performs
/// an action (`target(forAction:)`), validates it, performs it, and sends what it emitted
/// (or threw) back up the chain. Pure: it returns outcomes, the caller applies them.
public struct CommandDispatcher: Sendable {
    public var registry: HandlerRegistry

    public init(registry: HandlerRegistry) {
        self.registry = registry
    }

    /// Whether `action` is handled by some responder kind or by something attached in `session`.
    public func knows(_ action: String, in session: Session) -> Bool {
        registry.actions.contains(action) || session.attachments.actions.contains(action)
    }

    /// Runs `body` on the kind's behaviour, then on what is attached to the responder
    /// itself, stopping when it returns a result.
    func firstResult<T>(at path: ResponderPath, in session: Session, _ body: (Behavior) throws(CommandFailure) -> T?) throws(CommandFailure) -> T? {
        if let own = session.attachments.behavior(at: path), let result = try body(own) { return result }
        if let kind = registry.behavior(of: path.kind), let result = try body(kind) { return result }
        return nil
    }

    /// Walks the chain from `start` (the first responder by default) to the first
    /// responder that handles `invocation`, asking each it passes.
    public func resolve(
        _ invocation: Invocation, in scope: ValidationScope, from start: ResponderPath? = nil, explain: Bool = false
    ) -> Resolution {
        var trace: [TraceStep] = []
        let session = scope.session
        let origin = start ?? session.firstResponder
        var next: ResponderPath? = origin
        while let path = next {
            next = path.parent
            guard let responder = session.responder(at: path) else {
                if explain { trace.append(TraceStep(responder: path, hasHandler: false, verdict: .missing)) }
                continue
            }
            let own = session.attachments.behavior(at: path)
            if let handler = own?.handler(for: invocation.action) ?? registry.handler(for: invocation.action, on: responder.kind) {
                let verdict = handler.validate(HandlerInput(responder: responder, arguments: invocation.arguments, scope: scope))
                switch verdict {
                case .handles(let validation):
                    if explain { trace.append(TraceStep(responder: path, hasHandler: true, verdict: .handles(validation))) }
                    return Resolution(target: path, validation: validation, trace: trace, handler: handler)
                case .refused(let error):
                    if explain { trace.append(TraceStep(responder: path, hasHandler: true, verdict: .refused(error))) }
                    return Resolution(target: path, error: error, trace: trace, handler: handler)
                case .declined(let reason):
                    if explain { trace.append(TraceStep(responder: path, hasHandler: true, verdict: .declined(reason))) }
                }
            } else if explain {
                trace.append(TraceStep(responder: path, hasHandler: false, verdict: .noHandler))
            }
            let redirects = (own?.redirects ?? []) + (registry.behavior(of: responder.kind)?.redirects ?? [])
            for entry in redirects.reversed() {
                // A target on the chain below here was asked already.
                guard let target = entry.value.target(invocation.action, responder, session), !origin.isWithin(target),
                      let redirected = session.responder(at: target) else { continue }
                guard let handler = session.attachments.behavior(at: target)?.handler(for: invocation.action)
                    ?? registry.handler(for: invocation.action, on: redirected.kind) else { continue }
                let verdict = handler.validate(HandlerInput(responder: redirected, arguments: invocation.arguments, scope: scope))
                if explain { trace.append(TraceStep(responder: path, hasHandler: false, verdict: .redirected(to: target))) }
                switch verdict {
                case .handles(let validation):
                    if explain { trace.append(TraceStep(responder: target, hasHandler: true, verdict: .handles(validation))) }
                    return Resolution(target: target, validation: validation, trace: trace, handler: handler)
                case .refused(let error):
                    if explain { trace.append(TraceStep(responder: target, hasHandler: true, verdict: .refused(error))) }
                    return Resolution(target: target, error: error, trace: trace, handler: handler)
                case .declined(let reason):
                    if explain { trace.append(TraceStep(responder: target, hasHandler: true, verdict: .declined(reason))) }
                }
            }
        }
        return Resolution(target: nil, trace: trace, handler: nil)
    }

    /// Validates `invocation` against `session` as a menu would.
    public func validate(
        _ invocation: Invocation, in session: Session, catalog: any CatalogReading,
        from start: ResponderPath? = nil, explain: Bool = false
    ) -> Resolution {
        resolve(invocation, in: ValidationScope(session: session, catalog: catalog), from: start, explain: explain)
    }
}
