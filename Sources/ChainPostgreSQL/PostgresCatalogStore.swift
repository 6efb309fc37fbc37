import ChainModel
import ChainStorage
import ChainSupport

/// The image catalog on PostgreSQL, chosen by `catalog.url: "postgres://…"` or
/// `CHAIN_DATABASE_URL`: the same `CatalogStorage` contract as `SQLiteCatalogStore`, for
/// several instances in front of one database.
///
/// Any number of instances may share one database. Each group of batches that writes catalog
/// values or a command's session state adds an entry to the commit log (`catalog_log`) in its
/// transaction; a listener thread
/// hears other instances' entries (LISTEN/NOTIFY) and has the writer hand them to the mirror
/// (`follower`) in commit order. A batch computed before another instance wrote one of its
/// images fails with `CatalogStoreError.conflict`, unstored, and is computed again.
///
/// One writer thread with its own connection does group commit (one transaction per group
/// of batches, a savepoint per batch); a small pool of connections serves reads. Both
/// reconnect after the database restarts: while it is down, writes fail (the commands are
/// answered 503 and nothing is acknowledged) and reads throw.
package final class PostgresCatalogStore: WriterBackedStorage {
    package let url: String
    /// This instance's name in the commit log, new at every start.
    package let origin: String
    package let durability: Durability
    package let writer: CatalogWriter<PostgresWriteEngine>
    package let readers: ConnectionPool<PostgresConnection>
    /// Remote-handler calls and stream presence shared with the other instances.
    package let relay: PostgresCallRelay
    private let listener: PostgresListener
    /// Who hears of revoked keys (`watchRevocations`); set after the listener starts.
    private let revocations: PostgresRevocationWatch

    /// Connects, migrates the database to the current schema and opens `readerCount` reading
    /// connections. Throws `CatalogStoreError.schemaTooNew` for a database of a newer build
    /// and `PostgresError` when the database cannot be reached.
    package init(url: String, durability: Durability = .full, readerCount: Int = 2) throws {
        self.url = url
        self.durability = durability
        origin = SecureRandom.id()
        let connection = try PostgresConnection(url: url, setup: [durability.postgresSetting])
        do {
            try PostgresSchema.migrate(connection)
            readers = try ConnectionPool(count: readerCount) {
                try PostgresConnection(url: url, setup: ["SET default_transaction_read_only = on"])
            } close: { $0.close() }
        } catch {
            connection.close()
            throw error
        }
        let writer = CatalogWriter(engine: PostgresWriteEngine(connection: connection, origin: origin))
        self.writer = writer
        let relay = PostgresCallRelay(url: url, origin: origin)
        self.relay = relay
        let origin = origin
        let revocations = PostgresRevocationWatch()
        self.revocations = revocations
        listener = PostgresListener(
            url: url, channels: [
                PostgresSchema.logChannel, PostgresSchema.callChannel, PostgresSchema.settledChannel, PostgresSchema.streamsChannel,
                PostgresSchema.keysChannel, PostgresSchema.presenceChannel,
            ]
        ) { connection in
            try relay.connected(connection)
            writer.requestFollow()
            // A revocation may have been missed while the listener was away.
            revocations.heard()
        } heard: { notifications in
            if notifications.contains(where: { $0.channel == PostgresSchema.keysChannel }) {
                revocations.heard()
            }
            if notifications.contains(where: { $0.channel == PostgresSchema.logChannel && $0.payload != origin }) {
                writer.requestFollow()
            }
            relay.heard(notifications)
        }
    }

    package var callRelay: (any CallRelay)? { relay }

    package func watchRevocations(_ onRevoked: @escaping @Sendable () -> Void) -> Bool {
        revocations.set(onRevoked)
        return true
    }

    deinit {
        close()
    }

    package func loadSessions() throws -> [StoredSession] {
        try read { try PostgresSessionRows.load(on: $0) }
    }

    /// Other instances write to the same database.
    package var isShared: Bool { true }

    package func loadSession(_ key: StoredSession.Key) throws -> StoredSession? {
        try read { try PostgresSessionRows.load(key, on: $0) }
    }

    package func close() {
        listener.stop()
        relay.close()
        readers.close()
        writer.close()
    }

    /// Runs `body` on a pooled connection, reconnecting it first if the database went away
    /// since, and once more if it goes away during the read (reads change nothing, so
    /// running one again is safe).
    package func read<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try readers.read { connection in
            if !connection.isConnected { try connection.reconnect() }
            do {
                return try body(connection)
            } catch let error as PostgresError where error.connectionLost {
                try connection.reconnect()
                return try body(connection)
            }
        }
    }
}
