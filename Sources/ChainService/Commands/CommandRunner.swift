import ChainModel
import ChainStorage
import ChainSupport
import Dispatch

/// Runs commands: the one place that knows how a command becomes real.
///
/// A command waits for its session's turn (one request of a session at a time), then walks
/// the chain against the mirror (committed values plus staged writes). Commands that write
/// walk under the order lock shared by all sessions; an action not yet seen writing walks
/// first without it, and walks again under it only if it turns out to write. A command that
/// writes has its batch staged in the mirror and its place in storage's queue taken before
/// the lock is let go, so commit order is staging order; what the write carries is made
/// after (`StorageReservation`).
///
/// Every performed command stores its session's new state (`SessionJournal`) in the same
/// batch as its catalog writes, so after a crash the session and the catalog agree. The
/// session changes and the command is answered only once storage has committed; when
/// storage fails, the mirror forgets the batch, the session stays as it was and the answer
/// is `notStored`.
package final class CommandRunner: Sendable {
    /// How a command ended, for the route to answer.
    package enum Ending: Sendable {
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
        /// `If-Match` named another version than the session's, `version`; nothing performed.
        case preconditionFailed(version: Int)
        /// The idempotency key was answered before, with this answer; nothing performed.
        case replayed(StoredAnswer)
        /// The idempotency key was answered before for another request; nothing performed.
        case keyReused
        /// A dry run: what the command would do; nothing performed. `version` is the
        /// session's, unchanged.
        case rehearsed(DryRun, version: Int)
    }

    package let dispatcher: CommandDispatcher
    package let catalog: CatalogMirror
    package let storage: any CatalogStorage
    package let metrics: Metrics
    /// Told of every command performed and every commit, for the event streams.
    package let live: LiveEvents?
    /// Where a command reaching a remote handler waits for its client.
    package let calls: RemoteCalls?
    /// Told of the images viewers come to show, after commit.
    package let viewers: (any ViewerWatcher)?
    /// Held while a command walks the chain, stages its writes and queues them, so commands
    /// of different sessions see each other's writes and commit in the order they read.
    /// Microseconds per command; menus, reads and walks of actions not seen writing never
    /// take it.
    private let order = SleepingLock()
    /// Actions seen staging catalog writes. Others walk first without the order lock: a walk
    /// that writes nothing only reads the mirror, which is safe to read concurrently, so only
    /// an action's first write pays a second walk, under the lock.
    private let writingActions = Lock<Set<String>>([])
    /// Walks of one command when failures keep landing while it walks; the last attempt is
    /// staged as invalid if one lands again, and fails with 503.
    package static let maxAttempts = 3
    /// Times one command is stored: storage refused the earlier ones unstored, because
    /// another instance wrote its images after it read them (`CatalogStoreError.conflict`)
    /// or because a write it read from was refused so. Each time it walks again, over the
    /// mirror that has followed that write.
    package static let maxStores = 8

    /// Stores sessions beside the catalog writes of the commands that change them.
    package let journal: SessionJournal
    /// Told of every committed catalog change, to write the images' XMP sidecars
    /// (`catalog.xmpSidecars`); `nil` when they are off.
    package let sidecars: SidecarWriter?
    /// Whether each catalog write records its history (`history.enabled`; off only to
    /// measure what the history costs).
    package let recordsHistory: Bool

    package init(
        dispatcher: CommandDispatcher, catalog: CatalogMirror, storage: any CatalogStorage, metrics: Metrics,
        live: LiveEvents? = nil, calls: RemoteCalls? = nil, sidecars: SidecarWriter? = nil, viewers: (any ViewerWatcher)? = nil,
        recordsHistory: Bool = true
    ) {
        self.sidecars = sidecars
        self.recordsHistory = recordsHistory
        self.dispatcher = dispatcher
        self.catalog = catalog
        self.storage = storage
        self.metrics = metrics
        self.live = live
        self.calls = calls
        self.viewers = viewers
        journal = SessionJournal(storage: storage)
    }

    /// One command's turn on its session: how it ends is told once, and the session's next
    /// request goes on after.
    struct Turn: Sendable {
        let session: LiveSession
        let action: String
        let conditions: CommandConditions
        /// Whether the walk records its trace (`?explain=1`).
        let explain: Bool
        var idempotency: CommandConditions.Idempotency? { conditions.idempotency }
        let answer: Answer
        let finish: @Sendable () -> Void
        /// How many times the command was stored and refused for a conflict so far.
        var stores = 1

        func end(_ ending: Ending) {
            answer(ending).send()
            finish()
        }

        /// Ends the turn with an answer made before (`answer(ending)`, when the ending was
        /// known ahead of the commit it waited for).
        func end(sending send: @Sendable () -> Void) {
            send()
            finish()
        }

        /// The answer to `ending`, made once, and the receipt recording it when the request
        /// carries a key: the receipt keeps the very bytes the answer sends.
        func prepare(_ ending: Ending) -> (answer: PreparedAnswer, receipt: IdempotencyReceipt?) {
            let prepared = answer(ending)
            return (prepared, idempotency.map { IdempotencyReceipt(key: $0.key, fingerprint: $0.fingerprint, answer: prepared.stored) })
        }

        /// How the turn ends before anything is performed: its key answered before, or a
        /// version `If-Match` refuses. `nil`: go on.
        func endingBeforePerforming() -> Ending? {
            if let asked = idempotency, let receipt = session.receipt(for: asked.key) {
                return receipt.fingerprint == asked.fingerprint ? .replayed(receipt.answer) : .keyReused
            }
            if let matches = conditions.versionMatches, let view = session.view, !matches(view.version) {
                return .preconditionFailed(version: view.version)
            }
            return nil
        }
    }

    /// How a caller answers a command's ending: called with it, it makes the answer then and
    /// there and returns what sends it. A command that stores something has its answer made
    /// on the thread that walked it, before the write is queued, and sent from the storage
    /// writer's thread right after the commit: the sending must only hand the answer over,
    /// never wait, and the writer does no encoding.
    package typealias Answer = @Sendable (Ending) -> PreparedAnswer

    /// Performs `invocation` on `session` in its turn and answers once (`Answer`). A command
    /// whose walk ends at a remote handler keeps the session's turn while its client is
    /// asked; the client's answer is then performed as the handler's, through the same path.
    /// In its turn, before anything is performed, a key already answered replays its answer
    /// and a version `If-Match` refuses ends it.
    package func run(
        _ invocation: Invocation, from target: ResponderPath?, on session: LiveSession, explain: Bool,
        conditions: CommandConditions = .none, answer: @escaping Answer
    ) {
        let known = dispatcher.registry.actions.contains(invocation.action)
        let (dispatcher, catalog) = (dispatcher, catalog)
        begin(known ? invocation.action : "remote", on: session, explain: explain, conditions: conditions, answer: answer) { model, remote throws(CommandFailure) in
            try dispatcher.perform(invocation, in: model, catalog: catalog, remote: remote, from: target, explain: explain, now: .now)
        }
    }

    /// Performs `steps` as one command (`CommandDispatcher.perform(batch:)`) in `session`'s
    /// turn and answers once, as `run` does: one storage write, one version, one undo entry.
    package func run(
        batch steps: [BatchStep], undoName: String?, on session: LiveSession, explain: Bool,
        conditions: CommandConditions = .none, answer: @escaping Answer
    ) {
        let (dispatcher, catalog) = (dispatcher, catalog)
        begin(CommandDispatcher.batchAction, on: session, explain: explain, conditions: conditions, answer: answer) { model, remote throws(CommandFailure) in
            try dispatcher.perform(batch: steps, undoName: undoName, in: model, catalog: catalog, remote: remote, explain: explain)
        }
    }

    /// Performs what a key press resolves to in `session`'s turn, along its chain as it is then
    /// (`CommandDispatcher.perform(key:)`), and answers once, as `run` does.
    package func run(
        key: KeyEquivalent, on session: LiveSession, explain: Bool, conditions: CommandConditions = .none,
        answer: @escaping Answer
    ) {
        let (dispatcher, catalog) = (dispatcher, catalog)
        begin("key", on: session, explain: explain, conditions: conditions, answer: answer) { model, remote throws(CommandFailure) in
            try dispatcher.perform(key: key, in: model, catalog: catalog, remote: remote, explain: explain, now: .now)
        }
    }

    /// A command's turn: once the session's earlier requests are done, the conditions are
    /// checked and `perform` walks against the session with its remote handlers. `action` is
    /// the metrics' label, and what tells an action seen writing.
    private func begin(
        _ action: String, on session: LiveSession, explain: Bool, conditions: CommandConditions, answer: @escaping Answer,
        perform: @escaping @Sendable (Session, RemoteHandlers) throws(CommandFailure) -> CommandOutcome
    ) {
        session.submit(ended: { answer(.sessionEnded).send() }) { [self] finish in
            let turn = Turn(session: session, action: action, conditions: conditions, explain: explain, answer: answer, finish: finish)
            if let ending = turn.endingBeforePerforming() { return turn.end(ending) }
            let remote = session.remoteHandlers
            let call = execute(turn) { model throws(CommandFailure) in try perform(model, remote) }
            guard let call else { return }
            ask(call, turn)
        }
    }

    /// Hands `call` to the client through its session's streams and, once it is settled,
    /// completes the command with the answer, or fails it. A call no stream took told
    /// nobody anything: the command walks again with its session's handlers declining, as
    /// the contract has a handler whose client is not connected do.
    private func ask(_ call: RemoteCall, _ turn: Turn) {
        guard let calls, let live else {
            return turn.end(.failed(CommandFailure(.unhandled(action: call.invocation.action, chain: []))))
        }
        let session = turn.session
        let (id, deadline) = calls.begin(session: session.id) { [self] id, offered, settlement in
            // Offered to other instances: its record there goes.
            if offered { live.relay?.forget(call: id) }
            switch settlement {
            case .answered(let answer, _):
                let (dispatcher, catalog) = (dispatcher, catalog)
                _ = execute(turn) { model throws(CommandFailure) in
                    try dispatcher.complete(call, with: answer, in: model, catalog: catalog)
                }
            case .timedOut:
                metrics.recordCommand(action: turn.action, outcome: "handler_timeout")
                turn.end(.handlerTimedOut(calls.timeout))
            case .disconnected:
                metrics.recordCommand(action: turn.action, outcome: "handler_disconnected")
                turn.end(.handlerDisconnected)
            case .undelivered:
                // Counted by how the walk past the handler ends.
                walkDeclining(call, turn)
            case .sessionEnded:
                turn.end(.sessionEnded)
            }
        }
        // The last stream may have closed between the walk and the call: then nobody heard it,
        // and `invoke` settles it undelivered.
        live.invoke(call, id: id, deadline: deadline, on: session)
    }

    /// `call`'s command walked again from where it started, with every remote handler of the
    /// session declining ("its client is not connected"): on past the handler nobody heard.
    private func walkDeclining(_ call: RemoteCall, _ turn: Turn) {
        var declining = turn.session.remoteHandlers
        declining.isLive = false
        let (dispatcher, catalog, explain, remote) = (dispatcher, catalog, turn.explain, declining)
        let declined = execute(turn) { model throws(CommandFailure) in
            var outcome = try dispatcher.perform(call.invocation, in: model, catalog: catalog, remote: remote, from: call.start, explain: explain)
            outcome.key = call.key
            outcome.remoteCall?.key = call.key
            return outcome
        }
        // Declining handlers are never a walk's target; should one be, it is asked as any is.
        if let declined { ask(declined, turn) }
    }

    /// Walks (`attempt`) against the mirror, under the order lock for writing actions, and
    /// settles the outcome: one that reached a remote handler is returned, uncompleted;
    /// every other completes once storage has its session write (and catalog writes), or at
    /// once when it stores nothing (a failure without an idempotency key).
    private func execute(
        _ turn: Turn, _ attempt: @escaping @Sendable (Session) throws(CommandFailure) -> CommandOutcome
    ) -> RemoteCall? {
        let session = turn.session
        if !writingActions.withLock({ $0.contains(turn.action) }) {
            switch Result(catching: { () throws(CommandFailure) in try attempt(session.model) }) {
            case .success(let outcome) where !outcome.changes.isEmpty:
                writingActions.withLock { _ = $0.insert(turn.action) }
            case let unlocked:
                return settle(unlocked, turn, again: again(turn, attempt))
            }
        }
        let (performed, staged) = order.withLock { () -> (Result<CommandOutcome, CommandFailure>, Staged?) in
            var attempts = 1
            while true {
                let readSince = catalog.failureCount
                let readPosition = catalog.followedPosition
                let outcome: CommandOutcome
                do throws(CommandFailure) {
                    outcome = try attempt(session.model)
                } catch {
                    return (.failure(error), nil)
                }
                if outcome.changes.isEmpty { return (.success(outcome), nil) }
                // A write that failed while the command walked may have shown it values that
                // were never stored: walk again over what is there now. The mirror takes the
                // failure back before it counts it, so a retry reads no trace of it.
                if attempts < Self.maxAttempts, catalog.failureCount != readSince {
                    attempts += 1
                    continue
                }
                // Staged, and its place in the write queue taken, under the lock: commit
                // order is staging order. What the write carries is made once the lock is
                // let go.
                guard recordsHistory else {
                    let batch = catalog.stage(outcome.changes, readSince: readSince)
                    return (.success(outcome), Staged(batch: batch, readPosition: readPosition, place: storage.reserveWrite(), previous: nil))
                }
                let (batch, previous) = catalog.stageRecordingPrevious(outcome.changes, readSince: readSince)
                return (.success(outcome), Staged(batch: batch, readPosition: readPosition, place: storage.reserveWrite(), previous: previous))
            }
        }
        if case .success(let outcome) = performed, let staged {
            store(outcome, staged: staged, turn, again: again(turn, attempt))
            return nil
        }
        return settle(performed, turn, again: again(turn, attempt))
    }

    /// A command's catalog writes, staged in the mirror under the order lock, with the place
    /// in storage's queue taken there for its write.
    private struct Staged: Sendable {
        let batch: UInt64
        /// The log position the walk read at.
        let readPosition: Int64
        let place: StorageReservation
        /// What the writes overwrite, for the history; `nil` when it records none.
        let previous: ChangeSet?
    }

    /// The turn once more, after storage refused its write for a conflict: over the session
    /// as storage holds it now (another instance may have stored a newer state, answered its
    /// key or moved its version, all checked again) and the mirror that has followed the
    /// write it missed.
    private func again(
        _ turn: Turn, _ attempt: @escaping @Sendable (Session) throws(CommandFailure) -> CommandOutcome
    ) -> @Sendable () -> Void {
        { [self] in
            var again = turn
            again.stores += 1
            do {
                guard try journal.refresh(turn.session) != nil else { return again.end(.sessionEnded) }
            } catch {
                return again.end(.notStored(error))
            }
            if let ending = again.endingBeforePerforming() { return again.end(ending) }
            if let call = execute(again, attempt) { ask(call, again) }
        }
    }

    /// Settles a walk that failed or wrote no catalog values; returns the remote call of one
    /// that reached a remote handler. One that wrote catalog values was stored by `store`.
    private func settle(
        _ performed: Result<CommandOutcome, CommandFailure>, _ turn: Turn, again: @escaping @Sendable () -> Void
    ) -> RemoteCall? {
        switch performed {
        case .failure(let failure):
            metrics.recordCommand(action: turn.action, outcome: Self.outcomeLabel(failure.error))
            guard turn.idempotency != nil else {
                turn.end(.failed(failure))
                return nil
            }
            let (failed, receipt) = turn.prepare(.failed(failure))
            // Nothing changed, but a retry with the key must get this answer again.
            let change = journal.change(of: turn.session, to: nil, receipt: receipt)
            storage.write(StorageWrite(session: change.write), stillValid: nil) { stored in
                switch stored {
                case .success:
                    change.committed(on: turn.session)
                    turn.end(sending: failed.send)
                case .failure(let error):
                    turn.end(.notStored(error))
                }
            }
        case .success(let outcome) where outcome.remoteCall != nil:
            return outcome.remoteCall
        case .success(let outcome) where outcome.changes.isEmpty:
            store(outcome, staged: nil, turn, again: again)
        case .success:
            break  // stored by `execute`
        }
        return nil
    }

    /// Queues the outcome's session write, with its catalog writes when it has some (staged
    /// in the mirror, with their place in storage's queue, by `execute`). The answer is made
    /// here, on the thread that walked the command, before the write is queued, and so is
    /// the session's stored state: for a writing command both come after the order lock, so
    /// the other sessions' walks do not wait for them, and before its place is filled, so
    /// the writer never does. On the writer's thread, in commit order, the mirror and the
    /// session settle, the event streams are told and the answer is sent: handing each
    /// answer to another thread cost a wake-up and a second pass over the group, more than
    /// the answers themselves (the session's next request, if one waits, still starts
    /// elsewhere: `SerialJobQueue`). Refused for a conflict, the command goes `again`, up to
    /// `maxStores` times.
    private func store(
        _ walked: CommandOutcome, staged: Staged?, _ turn: Turn, again: @escaping @Sendable () -> Void
    ) {
        let session = turn.session
        let outcome = walked.conflicts.isEmpty ? walked : namingEditors(in: walked)
        let version = session.version(of: outcome.session)
        let (performed, receipt) = turn.prepare(.performed(outcome, version: version))
        let change = journal.change(of: session, to: outcome.session, receipt: receipt)
        var write = StorageWrite(changes: outcome.changes, session: change.write, readPosition: staged?.readPosition)
        if let previous = staged?.previous {
            write.history = HistoryRecord(
                principal: session.principal.name, session: session.id, action: outcome.action, time: LogClock.milliseconds(),
                changes: outcome.changes, previous: previous)
        }
        let (catalog, metrics, live, sidecars, viewers) = (catalog, metrics, live, sidecars, viewers)
        let batch = staged?.batch
        let again: (@Sendable () -> Void)? = turn.stores < Self.maxStores ? again : nil
        let shared = storage.isShared
        var stillValid: (@Sendable () -> Bool)?
        if let batch { stillValid = { catalog.isValid(batch) } }
        let completion: StorageReservation.Completion = { stored in
            let result: Ending
            switch stored {
            case .success:
                let catalogVersion = batch.map { catalog.commit(outcome.changes, batch: $0) }
                let before = viewers == nil ? nil : session.model
                session.model = outcome.session
                change.committed(on: session)
                metrics.recordCommand(action: turn.action, outcome: "ok")
                let committedVersion = session.version(of: outcome.session)
                live?.performed(outcome, on: session, version: committedVersion)
                if let catalogVersion {
                    live?.committed(outcome.changes, version: catalogVersion, in: catalog)
                    sidecars?.committed(outcome.changes)
                }
                if let viewers, let before { viewers.shown(from: before, to: outcome.session, of: session, catalog: catalog) }
                // The answer made ahead names the version; a handler registered meanwhile moved it.
                guard committedVersion == version else { return turn.end(.performed(outcome, version: committedVersion)) }
                return turn.end(sending: performed.send)
            case .failure(let error):
                if let batch { catalog.fail(outcome.changes, batch: batch) }
                if let again, Self.isConflict(error, shared: shared) {
                    metrics.recordConflict()
                    // Off the writer: going again reads storage and walks the chain.
                    return DispatchQueue.global().async(execute: again)
                }
                metrics.recordCommand(action: turn.action, outcome: "storage_error")
                result = .notStored(error)
            }
            turn.end(result)
        }
        if let staged {
            staged.place.write(write, stillValid: stillValid, completion: completion)
        } else {
            storage.write(write, stillValid: stillValid, completion: completion)
        }
    }

    /// Names who made each conflict's found value, from the catalog's history: the principal
    /// of the newest entry that set that attribute of that image. Unknown (history pruned,
    /// or unreadable) stays `nil`: the answer goes on without it.
    private func namingEditors(in outcome: CommandOutcome) -> CommandOutcome {
        var outcome = outcome
        for index in outcome.conflicts.indices {
            let conflict = outcome.conflicts[index]
            outcome.conflicts[index].by = try? storage.lastEditor(of: conflict.image, conflict.attribute)
        }
        return outcome
    }

    /// Refused unstored for another instance's write, or (on storage shared by several
    /// instances) behind a write that may have been refused so: worth walking again once
    /// the mirror has followed. Alone, a write behind a failed one fails as it always did.
    private static func isConflict(_ error: any Error, shared: Bool) -> Bool {
        switch error as? CatalogStoreError {
        case .conflict: true
        case .precedingWriteFailed: shared
        default: false
        }
    }

    package static func outcomeLabel(_ error: CommandError) -> String {
        switch error {
        case .notFound: "not_found"
        case .invalidArgument: "invalid_argument"
        case .unhandled: "unhandled"
        case .disabled: "disabled"
        case .rejected, .remoteError: "rejected"
        }
    }
}
