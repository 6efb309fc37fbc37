import ChainModel
import ChainStorage

/// How the catalog writer writes to SQLite: the one read-write connection, catalog values
/// as range UPDATEs.
///
/// A group is first written straight into its transaction, with no savepoint per batch: a
/// savepoint costs two statements and a copy of every page the batch first touches, and
/// batches almost never fail. When one does, the whole transaction is rolled back and
/// `WriteAgainCarefully` sends the group through again, each batch in a savepoint of its
/// own, so the failing batch is undone alone.
///
/// `@unchecked Sendable`: it is handed to the writer thread once and only used there.
package final class SQLiteWriteEngine: CatalogWriteEngine, @unchecked Sendable {
    package let connection: SQLiteConnection
    /// Whether the open group writes each batch in a savepoint of its own.
    private var careful = true
    /// The last history entry serial given, and whether it is known to be at least the
    /// highest stored: serials rise and are never given twice, even when a group rolls back.
    private var lastHistoryEntry: Int64 = 0
    private var historyEntryLoaded = false
    /// Who wrote the history's rows, interned.
    private var historyActors = SQLiteHistoryActors()

    package init(connection: SQLiteConnection) {
        self.connection = connection
    }

    /// SQLite is in-process: every batch is written as it comes, careful or not.
    package func begin(careful: Bool) throws {
        self.careful = careful
        // Actors inserted by a transaction that did not commit are not stored.
        historyActors.rolledBack()
        try connection.executeCached("BEGIN IMMEDIATE")
    }

    package func commit() throws {
        try connection.executeCached("COMMIT")
        historyActors.committed()
    }

    package func rollback() {
        if !connection.isAutocommit { try? connection.execute("ROLLBACK") }
        historyActors.rolledBack()
    }

    /// Some failures (a full disk, an I/O error) make SQLite roll the whole transaction back.
    package var lostTransaction: Bool { connection.isAutocommit }

    package func exclusive<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try connection.transaction { try body(connection) }
    }

    /// One server per SQLite file: there is no commit log, and nobody else's commit to follow.
    package var committedPositions: ClosedRange<Int64>? { nil }
    package func follow(_ follower: CommitFollower, afterConflict: Bool) throws {}

    private func nextHistoryEntry() throws -> Int64 {
        if !historyEntryLoaded {
            lastHistoryEntry = max(lastHistoryEntry, try SQLiteHistoryRows.lastEntry(on: connection))
            historyEntryLoaded = true
        }
        lastHistoryEntry += 1
        return lastHistoryEntry
    }

    package func close() {
        do {
            try connection.close()
        } catch {
            // Only possible if a statement escaped finalization: a bug to catch in tests.
            assertionFailure("closing the catalog writer connection failed: \(error)")
        }
    }

    /// Writes one batch. Carefully, all or nothing: inside a savepoint, or without one when
    /// it is a single statement (a session's own change, say a selection), since SQLite
    /// undoes a failed statement alone. Otherwise straight in; a failure then rolls the
    /// group back and throws `WriteAgainCarefully`.
    package func apply(_ write: StorageWrite) throws {
        guard careful else {
            do {
                return try applyStatements(write)
            } catch {
                rollback()
                throw WriteAgainCarefully(cause: error)
            }
        }
        if write.changes.isEmpty, let session = write.session, SQLiteSessionRows.isOneStatement(session) {
            return try SQLiteSessionRows.apply(session, on: connection)
        }
        let actors = historyActors.pendingCount
        do {
            try connection.savepoint("batch") { try applyStatements(write) }
        } catch {
            historyActors.rolledBack(to: actors)
            throw error
        }
    }

    private func applyStatements(_ write: StorageWrite) throws {
        try apply(write.changes)
        if let history = write.history, !history.isEmpty {
            let entry = try nextHistoryEntry()
            let actor = try historyActors.id(of: history, entry: entry, on: connection)
            try SQLiteHistoryRows.insert(history, entry: entry, actor: actor, on: connection)
        }
        if let session = write.session { try SQLiteSessionRows.apply(session, on: connection) }
    }

    /// Writes a batch's catalog values: a segment giving all its images one value is one UPDATE per run of
    /// consecutive ids (a whole catalog set to five stars is one statement); per-image values
    /// are one UPDATE each, from a cached statement.
    private func apply(_ changes: ChangeSet) throws {
        for segment in changes.segments {
            let column = try CatalogColumn.name(of: segment.attribute)
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
