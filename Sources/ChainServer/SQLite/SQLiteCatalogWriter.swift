import ChainModel
import Dispatch
import Foundation
import Synchronization

/// The catalog's single writer: one thread owning the one read-write connection, fed by a
/// queue, committing whatever has piled up as one transaction (group commit).
///
/// Callers never wait on the disk: `write` enqueues and returns. While one commit syncs, the
/// next writes accumulate, so under load a single fsync covers many batches. Each batch runs
/// inside its own SAVEPOINT, so one failing batch rolls back without the ones before it;
/// completions run on the writer thread, in enqueue order, only once COMMIT has returned.
///
/// A batch may have been computed from ratings an earlier batch was about to write. So once
/// a batch fails, the rest of its group fails unattempted, and a batch of a later group is
/// attempted only if its `stillValid` check (asked on the writer thread, after every earlier
/// completion ran) says the writes it was computed from did not fail: nothing is stored that
/// was derived from a write that never happened.
final class SQLiteCatalogWriter: Sendable {
    typealias Completion = @Sendable (Result<Void, any Error>) -> Void
    typealias Validity = @Sendable () -> Bool
    typealias CommitObserver = @Sendable (_ batches: Int, _ rows: Int) -> Void

    /// Caps one group so a flood of writes still commits (and completes) in bounded steps.
    static let maxBatchesPerCommit = 512

    private enum Job: Sendable {
        case changes(Batch)
        /// Runs alone on the writer connection, which it gets outside any transaction.
        case exclusive(@Sendable (SQLiteConnection) -> Void)
    }

    private struct State {
        var queue: [Job] = []
        var isStopping = false
        var observer: CommitObserver?
        /// Set by the writer thread when it starts, so calls made on it can be recognised.
        var thread: pthread_t?
    }

    private let state = Mutex(State())
    /// Signalled once per enqueued job and once for stop, so the thread never misses work.
    private let wakeUp = DispatchSemaphore(value: 0)
    /// Left by the writer thread after it drained the queue and closed its connection.
    private let finished = DispatchGroup()

    /// Takes ownership of `connection`: from here on only the writer thread touches it.
    init(connection: SQLiteConnection, observer: CommitObserver? = nil) {
        state.withLock { $0.observer = observer }
        finished.enter()
        let thread = Thread { [self] in
            // Named from inside: on Linux a name set before start() does not reach the thread.
            Thread.current.name = "catalog-writer"
            state.withLock { $0.thread = pthread_self() }
            run(connection)
            finished.leave()
        }
        thread.start()
    }

    var observer: CommitObserver? {
        get { state.withLock { $0.observer } }
        set { state.withLock { $0.observer = newValue } }
    }

    /// Queues `write` as one batch and returns at once. `completion` runs on the writer
    /// thread after the batch's group committed (or failed); after `close()` it runs at once,
    /// on the caller's thread, with `CatalogStoreError.closed`.
    func write(_ write: StorageWrite, stillValid: Validity? = nil, completion: @escaping Completion) {
        if !enqueue(.changes(Batch(write: write, stillValid: stillValid, completion: completion))) {
            completion(.failure(CatalogStoreError.closed))
        }
    }

    /// Runs `body` on the writer thread inside its own `BEGIN IMMEDIATE … COMMIT` and waits for
    /// its result. For bulk work (seeding, import); never call it from a write completion,
    /// which runs on the writer thread and would wait on itself.
    func transaction<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) throws -> T) throws -> T {
        precondition(!isOnWriterThread, "SQLiteCatalogWriter.transaction called from a write completion would wait on itself")
        let reply = Reply<T>()
        let accepted = enqueue(.exclusive { connection in
            reply.deliver(Result { try connection.transaction { try body(connection) } })
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
    func close() {
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

    private func enqueue(_ job: Job) -> Bool {
        let accepted = state.withLock { state in
            guard !state.isStopping else { return false }
            state.queue.append(job)
            return true
        }
        if accepted { wakeUp.signal() }
        return accepted
    }

    private func run(_ connection: SQLiteConnection) {
        while true {
            wakeUp.wait()
            while let work = next() {
                switch work {
                case let .group(batches): commit(batches, on: connection)
                case let .exclusive(body): body(connection)
                }
            }
            if state.withLock({ $0.isStopping && $0.queue.isEmpty }) { break }
        }
        do {
            try connection.close()
        } catch {
            // Only possible if a statement escaped finalization: a bug to catch in tests.
            assertionFailure("closing the catalog writer connection failed: \(error)")
        }
    }

    struct Batch: Sendable {
        let write: StorageWrite
        let stillValid: Validity?
        let completion: Completion
    }

    private enum Work {
        case group([Batch])
        case exclusive(@Sendable (SQLiteConnection) -> Void)
    }

    /// The next unit of work: a lone exclusive job, or the run of change batches at the head
    /// of the queue (up to the cap).
    private func next() -> Work? {
        state.withLock { state in
            guard let head = state.queue.first else { return nil }
            if case let .exclusive(body) = head {
                state.queue.removeFirst()
                return .exclusive(body)
            }
            var batches: [Batch] = []
            for job in state.queue.prefix(Self.maxBatchesPerCommit) {
                guard case let .changes(batch) = job else { break }
                batches.append(batch)
            }
            state.queue.removeFirst(batches.count)
            return .group(batches)
        }
    }

    private func commit(_ batches: [Batch], on connection: SQLiteConnection) {
        var results: [Result<Void, any Error>] = []
        var rows = 0
        var catalogBatches = 0
        do {
            try connection.transaction {
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
                    // A batch that fails rolls back to its savepoint, without the ones before it;
                    // if that rollback fails, the whole group does (nothing half-written commits).
                    let result = Result { try Self.apply(batch.write, on: connection) }
                    if case .failure(let error as SavepointRollbackFailed) = result { throw error }
                    // Some failures (a full disk, an I/O error) make SQLite roll the whole
                    // transaction back: then nothing of the group is left to commit.
                    if case .failure(let error) = result, connection.isAutocommit { throw error }
                    results.append(result)
                    if case .success = result {
                        rows += batch.write.changes.writeCount
                        if !independent { catalogBatches += 1 }
                    } else if !independent {
                        failed = true
                    }
                }
            }
            if catalogBatches > 0 { observer?(catalogBatches, rows) }
        } catch {
            // A group that cannot commit fails as a whole.
            results = Array(repeating: .failure(error), count: batches.count)
        }
        for (batch, result) in zip(batches, results) {
            batch.completion(result)
        }
    }

    /// Writes one batch, all or nothing, inside a savepoint, or without one when it is a
    /// single statement (a session's own change, say a selection): SQLite undoes a failed
    /// statement alone, so the two statements a savepoint costs buy nothing there.
    private static func apply(_ write: StorageWrite, on connection: SQLiteConnection) throws {
        if write.changes.isEmpty, let session = write.session, SQLiteSessionRows.isOneStatement(session) {
            return try SQLiteSessionRows.apply(session, on: connection)
        }
        try connection.savepoint("batch") {
            try apply(write.changes, on: connection)
            if let session = write.session { try SQLiteSessionRows.apply(session, on: connection) }
        }
    }

    /// Writes a batch's catalog values: a segment giving all its images one value is one UPDATE per run of
    /// consecutive ids (a whole catalog set to five stars is one statement); per-image values
    /// are one UPDATE each, from a cached statement.
    private static func apply(_ changes: ChangeSet, on connection: SQLiteConnection) throws {
        for segment in changes.segments {
            let column = try CatalogSchema.column(of: segment.attribute)
            switch segment.values {
            case .all(let code):
                let update = try connection.cachedStatement("UPDATE images SET \(column) = ?1 WHERE id BETWEEN ?2 AND ?3")
                for run in segment.images.runs {
                    try update.reset()
                    try update.bind(Int(code), at: 1)
                    try update.bind(run.first, at: 2)
                    try update.bind(run.first + Int64(run.count) - 1, at: 3)
                    try update.run()
                }
            case .each:
                let update = try connection.cachedStatement("UPDATE images SET \(column) = ?1 WHERE id = ?2")
                for (id, code) in segment.pairs {
                    try update.reset()
                    try update.bind(Int(code), at: 1)
                    try update.bind(id.rawValue, at: 2)
                    try update.run()
                }
            }
        }
    }
}

/// A result handed from the writer thread to a caller blocked in `SQLiteCatalogWriter.transaction`.
private final class Reply<T: Sendable>: Sendable {
    private let value = Mutex<Result<T, any Error>?>(nil)
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
