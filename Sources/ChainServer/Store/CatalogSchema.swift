/// The catalog's tables, versioned by `PRAGMA user_version`.
///
/// Each migration moves the file from version `n - 1` to `n` inside one transaction, so a
/// crash mid-migration leaves the previous version intact. A file from a newer build is
/// refused before anything is written to it.
enum CatalogSchema {
    /// Migration `i` produces version `i + 1`. Append only: shipped migrations never change.
    static let migrations: [String] = [
        // v1: the image catalog.
        """
        CREATE TABLE images (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            rating INTEGER NOT NULL DEFAULT 0 CHECK (rating BETWEEN 0 AND 5),
            path TEXT UNIQUE,
            byte_size INTEGER,
            width INTEGER,
            height INTEGER,
            format TEXT,
            added_at TEXT
        );
        -- Pages filtered by `rating >= ? AND id > ? ORDER BY id LIMIT n` walk the rowid from
        -- `id` and stop after n matches, with no sort: no index orders a rating range by id.
        -- This one gives exact-rating pages the same walk over matching rows only, and
        -- counts per rating a covering index.
        CREATE INDEX images_by_rating ON images(rating, id);
        """,
    ]

    static var currentVersion: Int { migrations.count }

    /// Brings the file behind `connection` to `currentVersion` and switches it to WAL.
    static func migrate(_ connection: SQLiteConnection) throws {
        try refuseNewer(version(of: connection), connection)
        try enableWAL(connection)

        try connection.execute("BEGIN IMMEDIATE")
        do {
            // Read again under the write lock: another process may have migrated meanwhile.
            let found = try version(of: connection)
            try refuseNewer(found, connection)
            for index in found..<currentVersion {
                try connection.execute(migrations[index])
            }
            if found < currentVersion {
                try connection.execute("PRAGMA user_version = \(currentVersion)")
            }
            try connection.execute("COMMIT")
        } catch {
            // The migration's own error is the one worth reporting; a failed rollback still
            // leaves the transaction to be rolled back when the connection closes.
            if !connection.isAutocommit { try? connection.execute("ROLLBACK") }
            throw error
        }
    }

    static func version(of connection: SQLiteConnection) throws -> Int {
        Int(try connection.scalarInt64("PRAGMA user_version") ?? 0)
    }

    private static func refuseNewer(_ found: Int, _ connection: SQLiteConnection) throws {
        guard found <= currentVersion else {
            throw CatalogStoreError.schemaTooNew(path: connection.path, found: found, supported: currentVersion)
        }
    }

    /// WAL lets readers run beside the single writer; the setting persists in the file.
    private static func enableWAL(_ connection: SQLiteConnection) throws {
        let statement = try connection.prepare("PRAGMA journal_mode = WAL")
        let mode = try statement.rows { $0.text(at: 0) ?? "" }.first ?? ""
        try statement.finalize()
        guard mode.lowercased() == "wal" else {
            throw CatalogStoreError.walUnavailable(path: connection.path, mode: mode)
        }
    }
}
