import ChainModel
import ChainSupport
import Dispatch
import Foundation

/// The catalog's single writer: one thread owning the engine's one read-write connection,
/// fed by a queue, committing whatever has piled up as one transaction (group commit).
/// The engine (`SQLiteWriteEngine`, `PostgresWriteEngine`) knows how to write a batch; this
/// type keeps the contract `CatalogStorage` states, the same for every engine.
///
/// Callers never wait on the disk: `write` enqueues and returns. While one commit syncs, the
/// next writes accumulate, so under load a single sync covers many batches. Each batch is
/// written all or nothing, so one failing batch rolls back without the ones before it;
/// completions run on the writer thread, in enqueue order, only once COMMIT has returned.
///
/// A batch may have been computed from ratings an earlier batch was about to write. So once
/// a batch fails, the rest of its group fails unattempted, and a batch of a later group is
/// attempted only if its `stillValid` check (asked on the writer thread, after every earlier
/// completion ran) says the writes it was computed from did not fail: nothing is stored that
/// was derived from a write that never happened.
package final class CatalogWriter<Engine: CatalogWriteEngine>: Sendable {
    package typealias Completion = CatalogWriteBatch.Completion
    package typealias Validity = CatalogWriteBatch.Validity
    package typealias CommitObserver = CatalogWriteBatch.CommitObserver

    /// Caps one group so a flood of writes still commits (and completes) in bounded steps.
    package static var maxBatchesPerCommit: Int { 512 }

    package typealias Batch = CatalogWriteBatch
    // The writer's own types are not nested: nested in this generic class they would be
    // generic too, and each use would look their metadata up at run time.
    private typealias Job = CatalogWriterJob
    private typealias State = CatalogWriterState
    private typealias Work = CatalogWriterWork

    private let state = Lock(State())
    /// Signalled once per enqueued job and once for stop, so the thread never misses work.
    private let wakeUp = DispatchSemaphore(value: 0)
    /// Left by the writer thread after it drained the queue and closed its connection.
    private let finished = DispatchGroup()

    /// Takes ownership of `engine`: from here on only the writer thread touches it.
    package init(engine: Engine, observer: CommitObserver? = nil) {
        state.withLock { $0.observer = observer }
        finished.enter()
        let thread = Thread { [self] in
            // Named from inside: on Linux a name set before start() does not reach the thread.
            Thread.current.name = "catalog-writer"
            state.withLock { $0.thread = pthread_self() }
            run(engine)
            finished.leave()
        }
        thread.start()
    }

    package var observer: CommitObserver? {
        get { state.withLock { $0.observer } }
        set { state.withLock { $0.observer = newValue } }
    }

    /// Takes in other instances' commits (`CatalogWriteEngine.follow`) when asked, and after
    /// a group in which a write conflicted with one. Set it before the first write.
    package var follower: CommitFollower? {
        get { state.withLock { $0.follower } }
        set {
            let requested = state.withLock { state in
                state.follower = newValue
                return state.followRequested
            }
            if requested { wakeUp.signal() }
        }
    }

    /// Asks the writer thread to follow other instances' commits before its next group
    /// (from the engine's notification listener). Requests pile into one.
    package func requestFollow() {
        let accepted = state.withLock { state in
            state.followRequested = true
            return !state.isStopping
        }
        if accepted { wakeUp.signal() }
    }

    /// Queues `write` as one batch and returns at once. `completion` runs on the writer
    /// thread after the batch's group committed (or failed); after `close()` it runs at once,
    /// on the caller's thread, with `CatalogStoreError.closed`.
    package func write(_ write: StorageWrite, stillValid: Validity? = nil, completion: @escaping Completion) {
        if !enqueue(.changes(Batch(write: write, stillValid: stillValid, completion: completion))) {
            completion(.failure(CatalogStoreError.closed))
        }
    }

    /// Takes the next place in the queue for a batch made later: filled, it is written and
    /// completed as `write` would have done at the moment of `reserve`. Until then the
    /// writer commits what was queued before it and waits there. After `close()` the filled
    /// batch completes at once with `CatalogStoreError.closed`; a place taken before
    /// `close()` is still waited for.
    package func reserve() -> StorageReservation {
        let place = ReservedBatch()
        // No wake-up yet: there is nothing to write until it is filled.
        guard enqueue(.reserved(place), wakingTheWriter: false) else {
            return StorageReservation { _, _, completion in completion(.failure(CatalogStoreError.closed)) }
        }
        return StorageReservation { [self] write, stillValid, completion in
            place.fill(Batch(write: write, stillValid: stillValid, completion: completion))
            wakeUp.signal()
        }
    }

    /// Runs `body` on the writer thread inside a transaction of its own and waits for its
    /// result. For bulk work (seeding, import); never call it from a write completion, which
    /// runs on the writer thread and would wait on itself.
    package func transaction<T: Sendable>(_ body: @escaping @Sendable (Engine.Connection) throws -> T) throws -> T {
        precondition(!isOnWriterThread, "CatalogWriter.transaction called from a write completion would wait on itself")
        let reply = Reply<T>()
        let accepted = enqueue(.exclusive { engine in
            reply.deliver(Result { try unsafeDowncast(engine, to: Engine.self).exclusive(body) })
        })
        guard accepted else { throw CatalogStoreError.closed }
        return try reply.wait()
    }

    /// Stops taking writes, waits until every queued one has committed and completed, and
    /// closes the connection. Idempotent; concurrent callers all wait for the end.
    ///
    /// Called on the writer thread itself (say, a completion dropped the last reference to
    /// the store) it cannot wait for that thread: it only stops intake, and the thread still
    /// drains the queue and closes the connection before it ends.
    package func close() {
        let first = state.withLock { state in
            defer { state.isStopping = true }
            return !state.isStopping
        }
        if first { wakeUp.signal() }
        if !isOnWriterThread { finished.wait() }
    }

    private var isOnWriterThread: Bool {
        state.withLock { state in state.thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    // MARK: Writer thread

    private func enqueue(_ job: Job, wakingTheWriter: Bool = true) -> Bool {
        let accepted = state.withLock { state in
            guard !state.isStopping else { return false }
            state.queue.append(job)
            return true
        }
        if accepted && wakingTheWriter { wakeUp.signal() }
        return accepted
    }

    private func run(_ engine: Engine) {
        while true {
            // A follow that failed (the database away) is tried again within a second.
            if state.withLock({ $0.followRequested && $0.follower != nil }) {
                _ = wakeUp.wait(timeout: .now() + .seconds(1))
            } else {
                wakeUp.wait()
            }
            followIfRequested(engine)
            while let work = next() {
                switch work {
                case let .group(batches): commit(batches, on: engine)
                case let .exclusive(body): body(engine)
                }
                followIfRequested(engine)
            }
            if state.withLock({ $0.isStopping && $0.queue.isEmpty }) { break }
        }
        engine.close()
    }

    private func followIfRequested(_ engine: Engine) {
        // A request made before the follower is set waits for it.
        let follower = state.withLock { state -> CommitFollower? in
            guard state.followRequested, let follower = state.follower else { return nil }
            state.followRequested = false
            return follower
        }
        if let follower { follow(follower, afterConflict: false, on: engine) }
    }

    /// A failure to follow (the database down) leaves the mirror where it was: the next
    /// notification, or the next conflict, asks again.
    private func follow(_ follower: CommitFollower, afterConflict: Bool, on engine: Engine) {
        do {
            try engine.follow(follower, afterConflict: afterConflict)
        } catch {
            state.withLock { $0.followRequested = true }
        }
    }

    /// The next unit of work: a lone exclusive job, or the run of change batches at the head
    /// of the queue (up to the cap) that stops before a place not filled yet. `nil` when
    /// the queue is empty or its head is such a place: its filling wakes the writer.
    private func next() -> Work? {
        state.withLock { state in
            guard let head = state.queue.first else { return nil }
            if case let .exclusive(body) = head {
                state.queue.removeFirst()
                return .exclusive(body)
            }
            var batches: [Batch] = []
            taking: for job in state.queue.prefix(Self.maxBatchesPerCommit) {
                switch job {
                case let .changes(batch): batches.append(batch)
                case let .reserved(place):
                    guard let batch = place.batch else { break taking }
                    batches.append(batch)
                case .exclusive: break taking
                }
            }
            guard !batches.isEmpty else { return nil }
            state.queue.removeFirst(batches.count)
            return .group(batches)
        }
    }

    private func commit(_ batches: [Batch], on engine: Engine) {
        var outcome = write(batches, on: engine, careful: false)
        if outcome == nil { outcome = write(batches, on: engine, careful: true) }
        guard let (results, rows, catalogBatches) = outcome else { return }
        if catalogBatches > 0 { observer?(catalogBatches, rows) }
        let follower = follower
        if let follower, let positions = engine.committedPositions { follower.advance(positions) }
        // A write refused for another instance's commit is computed again by its caller:
        // the mirror takes that commit in first, so the second try reads it.
        let conflicted = results.contains { result in
            if case .failure(CatalogStoreError.conflict) = result { true } else { false }
        }
        if conflicted, let follower { follow(follower, afterConflict: true, on: engine) }
        for (batch, result) in zip(batches, results) {
            batch.completion(result)
        }
        // And what the follow before the completions left (a reload) comes after them.
        if conflicted { state.withLock { $0.followRequested = true } }
    }

    /// Writes and commits one group; `nil` when the engine asks for it to be written again,
    /// carefully. Otherwise each batch's result, and the writes and batches that wrote
    /// catalog values.
    private func write(_ batches: [Batch], on engine: Engine, careful: Bool)
        -> (results: [Result<Void, any Error>], rows: Int, catalogBatches: Int)?
    {
        var results: [Result<Void, any Error>] = []
        var rows = 0
        var catalogBatches = 0
        do {
            try engine.begin(careful: careful)
            do {
                var failed = false
                for batch in batches {
                    // A batch writing no catalog values (a session's own change) was computed
                    // from none: a failure before it does not fail it, nor does its own fail others.
                    let independent = batch.write.changes.isEmpty
                    guard independent || (!failed && batch.stillValid?() ?? true) else {
                        failed = true
                        results.append(.failure(CatalogStoreError.precedingWriteFailed))
                        continue
                    }
                    // A batch that fails is undone alone, without the ones before it; if undoing
                    // it fails, the whole group does (nothing half-written commits).
                    let result = Result { try engine.apply(batch.write) }
                    if case .failure(let error as SavepointRollbackFailed) = result { throw error }
                    // Written without a way to undo it alone: the group was rolled back.
                    if case .failure(let error as WriteAgainCarefully) = result { throw error }
                    // Some failures (a full disk, a lost connection) take the whole transaction
                    // with them: then nothing of the group is left to commit.
                    if case .failure(let error) = result, engine.lostTransaction { throw error }
                    results.append(result)
                    if case .success = result {
                        rows += batch.write.changes.writeCount
                        if !independent { catalogBatches += 1 }
                    } else if !independent {
                        failed = true
                    }
                }
                try engine.commit()
            } catch {
                engine.rollback()
                throw error
            }
        } catch is WriteAgainCarefully where !careful {
            return nil
        } catch {
            // A group that cannot commit fails as a whole.
            return (Array(repeating: .failure(error), count: batches.count), 0, 0)
        }
        return (results, rows, catalogBatches)
    }
}

/// A result handed from the writer thread to a caller blocked in `CatalogWriter.transaction`.
private final class Reply<T: Sendable>: Sendable {
    private let value = Lock<Result<T, any Error>?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    func deliver(_ result: Result<T, any Error>) {
        value.withLock { $0 = result }
        ready.signal()
    }

    func wait() throws -> T {
        ready.wait()
        return try value.withLock { $0! }.get()
    }
}

/// One job on the writer's queue.
private enum CatalogWriterJob: Sendable {
    case changes(CatalogWriteBatch)
    /// A place taken for a batch made later (`reserve`); a group stops before it until
    /// it is filled.
    case reserved(ReservedBatch)
    /// Runs alone on the writer connection, which it gets outside any transaction; given
    /// the writer's engine, which is always the writer's `Engine`.
    case exclusive(@Sendable (any CatalogWriteEngine) -> Void)
}

/// What the writer's callers and its thread share, under its lock.
private struct CatalogWriterState {
    var queue: [CatalogWriterJob] = []
    var isStopping = false
    var observer: CatalogWriteBatch.CommitObserver?
    var follower: CommitFollower?
    /// Another instance committed: follow before the next group.
    var followRequested = false
    /// Set by the writer thread when it starts, so calls made on it can be recognised.
    var thread: pthread_t?
}

/// The writer thread's next unit of work.
private enum CatalogWriterWork {
    case group([CatalogWriteBatch])
    case exclusive(@Sendable (any CatalogWriteEngine) -> Void)
}

/// A place in the queue (`reserve`) and the batch that fills it, once it does.
private final class ReservedBatch: Sendable {
    private let filled = Lock<CatalogWriteBatch?>(nil)

    var batch: CatalogWriteBatch? { filled.withLock { $0 } }

    func fill(_ batch: CatalogWriteBatch) {
        filled.withLock { filled in
            precondition(filled == nil, "a reserved write was filled twice")
            filled = batch
        }
    }
}
