extension CommandDispatcher {
    /// The walk from `start` (the first responder by default) up to `app`, asking each
    /// responder, and any redirect target, until one handles or refuses `action`.
    /// `column` is the action's column in the registry's handler table, looked up once by
    /// the caller; `preparing` asks typed handlers for a perform part bound to what they
    /// decoded, for a command about to be performed.
    func resolve(
        _ action: String, _ arguments: Arguments, column: Int?, in scope: ValidationScope, from start: ResponderPath?,
        explain: Bool, preparing: Bool
    ) -> Resolution {
        var trace: [TraceStep] = []
        let session = scope.session
        let origin = start ?? session.firstResponder
        var next: ResponderPath? = origin
        while let path = next {
            next = path.parent
            guard let slot = session.slot(of: path) else {
                if explain { trace.append(TraceStep(responder: path, hasHandler: false, verdict: .missing)) }
                continue
            }
            if scope.hasRemoteHandlers, let found = askRemote(action, at: path, scope.remote, explain: explain, trace: &trace) {
                return found
            }
            let own = session.attachments.behavior(at: path)
            if let handler = own?.handler(for: action) ?? column.flatMap({ registry.handler(inColumn: $0, on: slot.kind) }) {
                let input = HandlerInput(slot: slot, arguments: arguments, scope: scope)
                if let found = ask(handler, input, at: path, preparing: preparing, explain: explain, trace: &trace) {
                    return found
                }
            } else if explain {
                trace.append(TraceStep(responder: path, hasHandler: false, verdict: .noHandler))
            }
            // Newest first, the kind's before the responder's own.
            let kindRedirects = registry.redirects(of: slot.kind)
            let ownRedirects = own?.redirects ?? []
            guard !kindRedirects.isEmpty || !ownRedirects.isEmpty else { continue }
            let count = kindRedirects.count + ownRedirects.count
            for index in 0..<count {
                // Both lists newest first, read by index: joining them would allocate.
                let entry = index < kindRedirects.count
                    ? kindRedirects[kindRedirects.count - 1 - index] : ownRedirects[count - 1 - index]
                // A target on the chain below here was asked already.
                guard let target = entry.value.pathTarget(action, path, session), !origin.isWithin(target),
                      let targetSlot = session.slot(of: target) else { continue }
                if scope.hasRemoteHandlers, let found = askRemote(action, at: target, scope.remote, explain: explain, trace: &trace) {
                    return found
                }
                guard let handler = session.attachments.behavior(at: target)?.handler(for: action)
                    ?? column.flatMap({ registry.handler(inColumn: $0, on: targetSlot.kind) }) else { continue }
                if explain { trace.append(TraceStep(responder: path, hasHandler: false, verdict: .redirected(to: target))) }
                let input = HandlerInput(slot: targetSlot, arguments: arguments, scope: scope)
                if let found = ask(handler, input, at: target, preparing: preparing, explain: explain, trace: &trace) {
                    return found
                }
            }
        }
        return Resolution(target: nil, trace: trace, handler: nil)
    }

    /// The remote handlers for `action` on one responder, newest first: a live one is the
    /// target, with its client's validation; one whose client is gone declines.
    private func askRemote(
        _ action: String, at path: ResponderPath, _ remote: RemoteHandlers, explain: Bool, trace: inout [TraceStep]
    ) -> Resolution? {
        for handler in remote.handlers(at: path, for: action) {
            guard remote.isLive else {
                if explain { trace.append(TraceStep(responder: path, hasHandler: true, verdict: .declined(RemoteHandlers.notLiveReason))) }
                continue
            }
            if explain { trace.append(TraceStep(responder: path, hasHandler: true, verdict: .handles(handler.validation))) }
            return Resolution(target: path, validation: handler.validation, trace: trace, handler: nil, remote: handler)
        }
        return nil
    }

    /// One responder's answer: where the walk ends when it handles or refuses the
    /// command, `nil` when it declines and the walk goes on.
    private func ask(
        _ handler: ActionHandler, _ input: HandlerInput, at path: ResponderPath, preparing: Bool, explain: Bool,
        trace: inout [TraceStep]
    ) -> Resolution? {
        let verdict: HandlerVerdict
        var perform: ActionHandler.Perform?
        if preparing, let prepare = handler.prepare {
            (verdict, perform) = prepare(input)
        } else {
            verdict = handler.validate(input)
        }
        switch verdict {
        case .handles(let validation):
            if explain { trace.append(TraceStep(responder: path, hasHandler: true, verdict: .handles(validation))) }
            return Resolution(target: path, validation: validation, trace: trace, handler: handler, prepared: perform)
        case .refused(let error):
            if explain { trace.append(TraceStep(responder: path, hasHandler: true, verdict: .refused(error))) }
            return Resolution(target: path, error: error, trace: trace, handler: handler)
        case .declined(let reason):
            if explain { trace.append(TraceStep(responder: path, hasHandler: true, verdict: .declined(reason))) }
            return nil
        }
    }
}
