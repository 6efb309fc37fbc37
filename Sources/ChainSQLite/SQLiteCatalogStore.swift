import ChainModel
import ChainStorage
import Foundation

/// The durable image catalog on SQLite, the embedded default `CatalogStorage`: one file in
/// WAL mode, one writer thread doing group commit, and a small pool of read-only
/// connections for everything else.
///
/// Sendable because everything it holds is: the writer serialises all writes through its
/// own thread and the reader pool lends each connection to one caller at a time.
package final class SQLiteCatalogStore: WriterBackedStorage {
    package static let fileName = "catalog.sqlite"
    /// Long enough to ride out another process's checkpoint or an import running beside us.
    package static let busyTimeoutMilliseconds: Int32 = 5_000
    /// The writer connection's page cache, an upper bound it grows to only when used.
    package static let writerCacheKilobytes = 65_536
    /// WAL frames (pages) between automatic checkpoints: 32 MiB of WAL at most, normally.
    package static let checkpointFrames = 8192

    package let directory: String
    /// `<directory>/catalog.sqlite`.
    package let path: String
    package let durability: Durability
    // Internal rather than private so the `SQLiteCatalogStore+…` files can reach them.
    package let writer: CatalogWriter<SQLiteWriteEngine>
    package let readers: ConnectionPool<SQLiteConnection>

    /// Creates `directory` if needed, opens (or creates) the catalog in it and migrates it to
    /// the current schema. Throws `CatalogStoreError.schemaTooNew` for a file from a newer build.
    /// `readerCount` read-only connections (at least one) serve every read; a read finding
    /// all of them busy waits for one.
    package init(directory: String, durability: Durability = .full, readerCount: Int = 2) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        self.directory = directory
        self.path = URL(fileURLWithPath: directory).appendingPathComponent(Self.fileName).path
        self.durability = durability

        let connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
        do {
            try connection.setBusyTimeout(milliseconds: Self.busyTimeoutMilliseconds)
            try Self.harden(connection)
            try CatalogSchema.migrate(connection)
            try connection.execute(durability.sqlitePragma)
            // A write over a whole large catalog touches every table page; with SQLite's
            // default 2 MB cache it spills pages to the WAL mid-transaction and rereads them
            // (a million-image rating took 2.6 s of SQLite time instead of 1.6 s).
            try connection.execute("PRAGMA cache_size = -\(Self.writerCacheKilobytes)")
            // Commands keep rewriting the same few hundred pages (session rows, the tails of
            // their undo entries). A checkpoint copies each page once however many frames the
            // WAL holds of it, so checkpointing every 1,000 frames (the default) copied and
            // synced the same pages again and again: about one page write in six.
            try connection.execute("PRAGMA wal_autocheckpoint = \(Self.checkpointFrames)")
            // Readers open after migration, so they find the tables and WAL mode in place.
            readers = try ConnectionPool(count: readerCount) { [path] in
                let reader = try SQLiteConnection(path: path, mode: .readOnly)
                do {
                    try reader.setBusyTimeout(milliseconds: Self.busyTimeoutMilliseconds)
                } catch {
                    try? reader.close()
                    throw error
                }
                return reader
            } close: { reader in
                do {
                    try reader.close()
                } catch {
                    // Only possible if a statement escaped finalization: a bug to catch in tests.
                    assertionFailure("closing a catalog reader connection failed: \(error)")
                }
            }
        } catch {
            // The setup error is what the caller needs; closing is only to not leak the handle.
            try? connection.close()
            throw error
        }
        writer = CatalogWriter(engine: SQLiteWriteEngine(connection: connection))
    }

    deinit {
        close()
    }

    package func loadSessions() throws -> [StoredSession] {
        try readers.read(SQLiteSessionRows.load)
    }

    /// Commits and completes every queued batch, stops the writer thread and closes every
    /// connection. Idempotent; later writes complete with `CatalogStoreError.closed` and later
    /// reads throw it.
    package func close() {
        // Readers first, so the writer connection is the last one open: closing it checkpoints
        // the WAL into the database file and removes the WAL.
        readers.close()
        writer.close()
    }

    /// Turns off SQLite leniencies that would only hide mistakes: double-quoted string
    /// literals, and writes that can corrupt the file (defensive mode).
    private static func harden(_ connection: SQLiteConnection) throws {
        try connection.configure(.defensive, enabled: true)
        try connection.configure(.doubleQuotedStringsInDML, enabled: false)
        try connection.configure(.doubleQuotedStringsInDDL, enabled: false)
    }
}
