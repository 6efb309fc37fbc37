import ChainModel

/// How the catalog writer writes to SQLite: the one read-write connection, a batch per
/// savepoint, catalog values as range UPDATEs.
///
/// `@unchecked Sendable`: it is handed to the writer thread once and only used there.
final class SQLiteWriteEngine: CatalogWriteEngine, @unchecked Sendable {
    let connection: SQLiteConnection

    init(connection: SQLiteConnection) {
        self.connection = connection
    }

    /// SQLite is in-process: every batch is written as it comes, so always carefully.
    func begin(careful: Bool) throws {
        try connection.executeCached("BEGIN IMMEDIATE")
    }

    func commit() throws {
        try connection.executeCached("COMMIT")
    }

    func rollback() {
        if !connection.isAutocommit { try? connection.execute("ROLLBACK") }
    }

    /// Some failures (a full disk, an I/O error) make SQLite roll the whole transaction back.
    var lostTransaction: Bool { connection.isAutocommit }

    func exclusive<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try connection.transaction { try body(connection) }
    }

    /// One server per SQLite file: there is no commit log, and nobody else's commit to follow.
    var committedPositions: ClosedRange<Int64>? { nil }
    func follow(_ follower: CommitFollower, afterConflict: Bool) throws {}

    func close() {
        do {
            try connection.close()
        } catch {
            // Only possible if a statement escaped finalization: a bug to catch in tests.
            assertionFailure("closing the catalog writer connection failed: \(error)")
        }
    }

    /// Writes one batch, all or nothing, inside a savepoint, or without one when it is a
    /// single statement (a session's own change, say a selection): SQLite undoes a failed
    /// statement alone, so the two statements a savepoint costs buy nothing there.
    func apply(_ write: StorageWrite) throws {
        if write.changes.isEmpty, let session = write.session, SQLiteSessionRows.isOneStatement(session) {
            return try SQLiteSessionRows.apply(session, on: connection)
        }
        try connection.savepoint("batch") {
            try apply(write.changes)
            if let session = write.session { try SQLiteSessionRows.apply(session, on: connection) }
        }
    }

    /// Writes a batch's catalog values: a segment giving all its images one value is one UPDATE per run of
    /// consecutive ids (a whole catalog set to five stars is one statement); per-image values
    /// are one UPDATE each, from a cached statement.
    private func apply(_ changes: ChangeSet) throws {
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
