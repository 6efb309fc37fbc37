import ChainModel
import Foundation

/// The durable image catalog on SQLite, the embedded default `CatalogStorage`: one file in
/// WAL mode, one writer thread doing group commit, and a small pool of read-only
/// connections for everything else.
///
/// Sendable because everything it holds is: the writer serialises all writes through its
/// own thread and the reader pool lends each connection to one caller at a time.
final class SQLiteCatalogStore: CatalogStorage {
    static let fileName = "catalog.sqlite"
    /// Long enough to ride out another process's checkpoint or an import running beside us.
    static let busyTimeoutMilliseconds: Int32 = 5_000
    /// The writer connection's page cache, an upper bound it grows to only when used.
    static let writerCacheKilobytes = 65_536

    let directory: String
    /// `<directory>/catalog.sqlite`.
    let path: String
    let durability: Durability
    // Internal rather than private so the `SQLiteCatalogStore+…` files can reach them.
    let writer: SQLiteCatalogWriter
    let readers: SQLiteReaderPool

    /// Creates `directory` if needed, opens (or creates) the catalog in it and migrates it to
    /// the current schema. Throws `CatalogStoreError.schemaTooNew` for a file from a newer build.
    /// `readerCount` read-only connections (at least one) serve every read; a read finding
    /// all of them busy waits for one.
    init(directory: String, durability: Durability = .full, readerCount: Int = 2) throws {
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
            // Readers open after migration, so they find the tables and WAL mode in place.
            readers = try SQLiteReaderPool(
                path: path, count: readerCount, busyTimeoutMilliseconds: Self.busyTimeoutMilliseconds
            )
        } catch {
            // The setup error is what the caller needs; closing is only to not leak the handle.
            try? connection.close()
            throw error
        }
        writer = SQLiteCatalogWriter(connection: connection)
    }

    deinit {
        close()
    }

    /// Called on the writer thread after each successful COMMIT that wrote catalog values,
    /// before that group's completions, with the number of its batches that wrote catalog
    /// values and the number of those writes (a write to an unknown id counts; a failed
    /// batch's do not). Commits of session writes alone are not counted.
    /// Set it before the first write to see every commit; keep it quick.
    var onCommit: (@Sendable (_ batches: Int, _ rows: Int) -> Void)? {
        get { writer.observer }
        set { writer.observer = newValue }
    }

    /// Queues a batch and returns at once; see `SQLiteCatalogWriter.write`. Changes to ids
    /// the catalog does not hold are no-ops.
    func write(
        _ write: StorageWrite, stillValid: (@Sendable () -> Bool)?,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) {
        writer.write(write, stillValid: stillValid, completion: completion)
    }

    func loadSessions() throws -> [StoredSession] {
        try readers.read(SQLiteSessionRows.load)
    }

    /// Commits and completes every queued batch, stops the writer thread and closes every
    /// connection. Idempotent; later writes complete with `CatalogStoreError.closed` and later
    /// reads throw it.
    func close() {
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
