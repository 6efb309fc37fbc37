extension CommandDispatcher {
    /// The outcome of a walk that ended at a live remote handler: nothing performed yet, the
    /// call to hand the client, or `disabled` when the client's validation says so.
    func remoteOutcome(
        _ handler: RemoteHandler, at performer: ResponderPath, _ invocation: Invocation, _ resolution: Resolution,
        in session: Session, from start: ResponderPath?
    ) throws(CommandFailure) -> CommandOutcome {
        guard handler.validation.isEnabled else {
            throw CommandFailure(.disabled(
                action: invocation.action, responder: performer, reason: handler.validation.reason ?? "its client disabled it"))
        }
        let window = performer.windowID.flatMap(session.window)
        let call = RemoteCall(
            handler: handler, invocation: invocation, start: start, window: window?.id,
            selection: window?.grid?.selection ?? ImageSelection(), image: window?.viewer.image, trace: resolution.trace)
        return CommandOutcome(
            action: invocation.action, handledBy: performer, session: session, changes: ChangeSet(), result: [], events: [],
            deliveries: [], catches: [], trace: resolution.trace, remoteCall: call)
    }

    /// Turns a client's answer to `call` into the command's outcome, as if the handler had
    /// performed in the walk: changes go through `PerformContext.change` (events, undo under
    /// the handler's undo name), and an error travels up the chain through the catchers.
    /// `session` is the session the call was made from; the caller kept it unchanged.
    public func complete(
        _ call: RemoteCall, with answer: RemoteAnswer, in session: Session, catalog: any CatalogReading
    ) throws(CommandFailure) -> CommandOutcome {
        let performer = call.handler.responder
        guard session.contains(performer) else {
            throw CommandFailure(.unhandled(action: call.invocation.action, chain: session.chain(from: call.start)))
        }
        switch answer {
        case .refused(let title, let detail):
            return try recover(
                from: .remoteError(title: title, detail: detail, responder: performer), thrownBy: performer,
                invocation: call.invocation, session: session, trace: call.trace)
        case .performed(let result, let changes):
            var context = PerformContext(
                session: session, catalog: catalog, action: call.invocation.action, arguments: call.invocation.arguments,
                performer: performer, values: contextValues(from: call.start ?? session.firstResponder, in: session))
            context.result = result
            if !changes.isEmpty {
                context.change(ChangeSet(changes), undoName: call.handler.undoName ?? call.invocation.action)
            }
            try Self.refuseReadOnlyWrites(of: context)
            var outcome = outcome(of: context, trace: call.trace)
            outcome.key = call.key
            return outcome
        }
    }
}
