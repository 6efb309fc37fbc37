import ChainModel
import Dispatch
import Synchronization

/// Runs commands: the one place that knows how a command becomes real.
///
/// A command waits for its session's turn (one request of a session at a time), then walks
/// the chain against the mirror (committed values plus staged writes). Commands that write
/// walk under the order lock shared by all sessions; an action not yet seen writing walks
/// first without it, and walks again under it only if it turns out to write. A command that
/// writes has its batch staged in the mirror and queued for storage before the lock is let
/// go, so commit order is staging order. Its
/// session changes and it is answered only once storage has committed; when storage fails,
/// the mirror forgets the batch, the session stays as it was and the answer is `notStored`.
final class CommandRunner: Sendable {
    /// How a command ended, for the route to answer.
    enum Ending: Sendable {
        /// Performed; `version` is the session's after it, as clients see it.
        case performed(CommandOutcome, version: Int)
        case failed(CommandFailure)
        /// Storage did not commit the command's writes; nothing changed.
        case notStored(any Error)
        /// The session ended before the command's turn came, or while it waited on a call.
        case sessionEnded
        /// The remote handler's client did not answer within this long.
        case handlerTimedOut(Duration)
        /// The session's last event stream closed while the command waited on its handler.
        case handlerDisconnected
    }

    let dispatcher: CommandDispatcher
    let catalog: CatalogMirror
    let storage: any CatalogStorage
    let metrics: Metrics
    /// Told of every command performed and every commit, for the event streams.
    let live: LiveEvents?
    /// Where a command reaching a remote handler waits for its client.
    let calls: RemoteCalls?
    /// Held while a command walks the chain, stages its writes and queues them, so commands
    /// of different sessions see each other's writes and commit in the order they read.
    /// Microseconds per command; menus, reads and walks of actions not seen writing never
    /// take it.
    private let order = SleepingLock()
    /// Actions seen staging catalog writes. Others walk first without the order lock: a walk
    /// that writes nothing only reads the mirror, which is safe to read concurrently, so only
    /// an action's first write pays a second walk, under the lock.
    private let writingActions = Mutex<Set<String>>([])
    /// Carries answers of committed commands off the storage writer's thread.
    private let answers = AnswerRelay()
    /// Walks of one command when failures keep landing while it walks; the last attempt is
    /// staged as invalid if one lands again, and fails with 503.
    static let maxAttempts = 3

    init(
        dispatcher: CommandDispatcher, catalog: CatalogMirror, storage: any CatalogStorage, metrics: Metrics,
        live: LiveEvents? = nil, calls: RemoteCalls? = nil
    ) {
        self.dispatcher = dispatcher
        self.catalog = catalog
        self.storage = storage
        self.metrics = metrics
        self.live = live
        self.calls = calls
    }

    /// Performs `invocation` on `session` in its turn and calls `completion` once, off the
    /// storage writer's thread. A command whose walk ends at a remote handler keeps the
    /// session's turn while its client is asked; the client's answer is then performed as
    /// the handler's, through the same path.
    func run(
        _ invocation: Invocation, from target: ResponderPath?, on session: LiveSession, explain: Bool,
        completion: @escaping @Sendable (Ending) -> Void
    ) {
        let known = dispatcher.registry.actions.contains(invocation.action)
        let action = known ? invocation.action : "remote"
        session.submit(ended: { completion(.sessionEnded) }) { [self] finish in
            let remote = session.remoteHandlers
            let call = execute(on: session, action: action, completion, finish) { model throws(CommandFailure) in
                try dispatcher.perform(invocation, in: model, catalog: catalog, remote: remote, from: target, explain: explain)
            }
            guard let call else { return }
            ask(call, on: session, action: action, completion, finish)
        }
    }

    /// Hands `call` to the client through its session's streams and, once it is settled,
    /// completes the command with the answer, or fails it.
    private func ask(
        _ call: RemoteCall, on session: LiveSession, action: String,
        _ completion: @escaping @Sendable (Ending) -> Void, _ finish: @escaping @Sendable () -> Void
    ) {
        guard let calls, let live else {
            completion(.failed(CommandFailure(.unhandled(action: call.invocation.action, chain: []))))
            return finish()
        }
        let (id, deadline) = calls.begin(session: session.id) { [self] settlement in
            switch settlement {
            case .answered(let answer):
                _ = execute(on: session, action: action, completion, finish) { model throws(CommandFailure) in
                    try dispatcher.complete(call, with: answer, in: model, catalog: catalog)
                }
            case .timedOut:
                metrics.recordCommand(action: action, outcome: "handler_timeout")
                completion(.handlerTimedOut(calls.timeout))
                finish()
            case .disconnected:
                metrics.recordCommand(action: action, outcome: "handler_disconnected")
                completion(.handlerDisconnected)
                finish()
            case .sessionEnded:
                completion(.sessionEnded)
                finish()
            }
        }
        live.invoke(call, id: id, deadline: deadline, on: session)
        // The last stream may have closed between the walk and the call: then nobody heard it.
        if session.events.streamCount == 0 { calls.settleAll(of: session.id, .disconnected) }
    }

    /// Walks (`attempt`) against the mirror, under the order lock for writing actions, and
    /// settles the outcome:
    /// a failure or a command that writes nothing completes now, one that writes completes
    /// once storage answers, and one that reached a remote handler is returned, uncompleted.
    private func execute(
        on session: LiveSession, action: String,
        _ completion: @escaping @Sendable (Ending) -> Void, _ finish: @escaping @Sendable () -> Void,
        _ attempt: (Session) throws(CommandFailure) -> CommandOutcome
    ) -> RemoteCall? {
        if !writingActions.withLock({ $0.contains(action) }) {
            switch Result(catching: { () throws(CommandFailure) in try attempt(session.model) }) {
            case .success(let outcome) where !outcome.changes.isEmpty:
                writingActions.withLock { _ = $0.insert(action) }
            case let unlocked:
                return settle(unlocked, on: session, action: action, completion, finish)
            }
        }
        let performed = order.withLock { () -> Result<CommandOutcome, CommandFailure> in
            var attempts = 1
            while true {
                let readSince = catalog.failureCount
                let outcome: CommandOutcome
                do throws(CommandFailure) {
                    outcome = try attempt(session.model)
                } catch {
                    return .failure(error)
                }
                if outcome.changes.isEmpty { return .success(outcome) }
                // A write that failed while the command walked may have shown it values that
                // were never stored: walk again over what is there now. The mirror takes the
                // failure back before it counts it, so a retry reads no trace of it.
                if attempts < Self.maxAttempts, catalog.failureCount != readSince {
                    attempts += 1
                    continue
                }
                store(outcome, readSince: readSince, session: session, action: action, completion, finish)
                return .success(outcome)
            }
        }
        return settle(performed, on: session, action: action, completion, finish)
    }

    /// Completes a walk that failed or wrote nothing; returns the remote call of one that
    /// reached a remote handler. One that wrote was staged and completes once stored.
    private func settle(
        _ performed: Result<CommandOutcome, CommandFailure>, on session: LiveSession, action: String,
        _ completion: @escaping @Sendable (Ending) -> Void, _ finish: @escaping @Sendable () -> Void
    ) -> RemoteCall? {
        switch performed {
        case .failure(let failure):
            metrics.recordCommand(action: action, outcome: Self.outcomeLabel(failure.error))
            completion(.failed(failure))
            finish()
        case .success(let outcome) where outcome.remoteCall != nil:
            return outcome.remoteCall
        case .success(let outcome) where outcome.changes.isEmpty:
            session.model = outcome.session
            metrics.recordCommand(action: action, outcome: "ok")
            let version = session.version(of: outcome.session)
            live?.performed(outcome, on: session, version: version)
            completion(.performed(outcome, version: version))
            finish()
        case .success:
            break  // completed by `store` once storage has answered
        }
        return nil
    }

    /// Stages the outcome's writes and queues them for storage. On the writer's thread, in
    /// commit order, the mirror and the session settle and the event streams are told; the
    /// completion runs elsewhere, so the writer goes straight on to the next group.
    private func store(
        _ outcome: CommandOutcome, readSince: UInt64, session: LiveSession, action: String,
        _ completion: @escaping @Sendable (Ending) -> Void, _ finish: @escaping @Sendable () -> Void
    ) {
        let batch = catalog.stage(outcome.changes, readSince: readSince)
        let (catalog, metrics, live, answers) = (catalog, metrics, live, answers)
        storage.write(outcome.changes, stillValid: { catalog.isValid(batch) }) { stored in
            let result: Ending
            switch stored {
            case .success:
                let catalogVersion = catalog.commit(outcome.changes, batch: batch)
                session.model = outcome.session
                metrics.recordCommand(action: action, outcome: "ok")
                let version = session.version(of: outcome.session)
                live?.performed(outcome, on: session, version: version)
                live?.committed(outcome.changes, version: catalogVersion, in: catalog)
                result = .performed(outcome, version: version)
            case .failure(let error):
                catalog.fail(outcome.changes, batch: batch)
                metrics.recordCommand(action: action, outcome: "storage_error")
                result = .notStored(error)
            }
            answers.send {
                completion(result)
                finish()
            }
        }
    }

    static func outcomeLabel(_ error: CommandError) -> String {
        switch error {
        case .notFound: "not_found"
        case .invalidArgument: "invalid_argument"
        case .unhandled: "unhandled"
        case .disabled: "disabled"
        case .rejected, .remoteError: "rejected"
        }
    }
}
