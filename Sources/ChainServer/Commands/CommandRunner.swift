import ChainModel
import Dispatch
import Synchronization

/// Runs commands: the one place that knows how a command becomes real.
///
/// A command waits for its session's turn (one request of a session at a time), then walks
/// the chain under the order lock shared by all sessions, against the mirror (committed
/// values plus staged writes). A command that writes has its batch staged in the mirror and
/// queued for storage before the lock is let go, so commit order is staging order. Its
/// session changes and it is answered only once storage has committed; when storage fails,
/// the mirror forgets the batch, the session stays as it was and the answer is `notStored`.
final class CommandRunner: Sendable {
    /// How a command ended, for the route to answer.
    enum Ending: Sendable {
        case performed(CommandOutcome)
        case failed(CommandFailure)
        /// Storage did not commit the command's writes; nothing changed.
        case notStored(any Error)
        /// The session ended before the command's turn came.
        case sessionEnded
    }

    let dispatcher: CommandDispatcher
    let catalog: CatalogMirror
    let storage: any CatalogStorage
    let metrics: Metrics
    /// Held while a command walks the chain, stages its writes and queues them, so commands
    /// of different sessions see each other's writes and commit in the order they read.
    /// Microseconds per command; menus and reads never take it.
    private let order = Mutex(())
    /// Walks of one command when failures keep landing while it walks; the last attempt is
    /// staged as invalid if one lands again, and fails with 503.
    static let maxAttempts = 3

    init(dispatcher: CommandDispatcher, catalog: CatalogMirror, storage: any CatalogStorage, metrics: Metrics) {
        self.dispatcher = dispatcher
        self.catalog = catalog
        self.storage = storage
        self.metrics = metrics
    }

    /// Performs `invocation` on `session` in its turn and calls `completion` once, off the
    /// storage writer's thread.
    func run(
        _ invocation: Invocation, from target: ResponderPath?, on session: LiveSession, explain: Bool,
        completion: @escaping @Sendable (Ending) -> Void
    ) {
        let action = dispatcher.registry.actions.contains(invocation.action) ? invocation.action : "unknown"
        session.submit(ended: { completion(.sessionEnded) }) { [self] finish in
            let performed = order.withLock { _ -> Result<CommandOutcome, CommandFailure> in
                var attempt = 1
                while true {
                    let readSince = catalog.failureCount
                    let outcome: CommandOutcome
                    do throws(CommandFailure) {
                        outcome = try dispatcher.perform(invocation, in: session.model, catalog: catalog, from: target, explain: explain)
                    } catch {
                        return .failure(error)
                    }
                    if outcome.changes.isEmpty { return .success(outcome) }
                    // A write that failed while the command walked may have shown it values that
                    // were never stored: walk again over what is there now. The mirror takes the
                    // failure back before it counts it, so a retry reads no trace of it.
                    if attempt < Self.maxAttempts, catalog.failureCount != readSince {
                        attempt += 1
                        continue
                    }
                    store(outcome, readSince: readSince, session: session, action: action, completion, finish)
                    return .success(outcome)
                }
            }
            switch performed {
            case .failure(let failure):
                metrics.recordCommand(action: action, outcome: Self.outcomeLabel(failure.error))
                completion(.failed(failure))
                finish()
            case .success(let outcome) where outcome.changes.isEmpty:
                session.model = outcome.session
                metrics.recordCommand(action: action, outcome: "ok")
                completion(.performed(outcome))
                finish()
            case .success:
                break  // completed by `store` once storage has answered
            }
        }
    }

    /// Stages the outcome's writes and queues them for storage. On the writer's thread, in
    /// commit order, the mirror and the session settle; the completion runs elsewhere, so
    /// the writer goes straight on to the next group.
    private func store(
        _ outcome: CommandOutcome, readSince: UInt64, session: LiveSession, action: String,
        _ completion: @escaping @Sendable (Ending) -> Void, _ finish: @escaping @Sendable () -> Void
    ) {
        let batch = catalog.stage(outcome.changes, readSince: readSince)
        let catalog = catalog
        let metrics = metrics
        storage.write(outcome.changes, stillValid: { catalog.isValid(batch) }) { stored in
            let result: Ending
            switch stored {
            case .success:
                catalog.commit(outcome.changes, batch: batch)
                session.model = outcome.session
                metrics.recordCommand(action: action, outcome: "ok")
                result = .performed(outcome)
            case .failure(let error):
                catalog.fail(outcome.changes, batch: batch)
                metrics.recordCommand(action: action, outcome: "storage_error")
                result = .notStored(error)
            }
            DispatchQueue.global().async {
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
        case .rejected: "rejected"
        }
    }
}
