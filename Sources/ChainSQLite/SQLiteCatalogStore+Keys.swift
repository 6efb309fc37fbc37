import ChainModel
import ChainStorage

/// API keys in the catalog file (`api_keys`): added and revoked by `chain-server keys`, read
/// by the server when a session is created and, once a second, for revocations.
extension SQLiteCatalogStore {
    package func addKey(_ key: StoredKey) throws {
        try writer.transaction { connection in
            let taken = try connection.scalarInt64("SELECT count(*) FROM api_keys WHERE name = ?1") { try $0.bind(key.name, at: 1) }
            guard taken == 0 else { throw CatalogStoreError.keyNameTaken(key.name) }
            try connection.executeCached("INSERT INTO api_keys (name, role, digest, created_at) VALUES (?1, ?2, ?3, ?4)") { insert in
                try insert.bind(key.name, at: 1)
                try insert.bind(key.role.rawValue, at: 2)
                try insert.bind(key.digest, at: 3)
                try insert.bind(key.created, at: 4)
            }
        }
    }

    package func listKeys() throws -> [StoredKey] {
        try readers.read { connection in try Self.keys(where: "", on: connection) { _ in } }
    }

    package func activeKey(digest: [UInt8]) throws -> StoredKey? {
        try readers.read { connection in
            try Self.keys(where: "WHERE digest = ?1 AND revoked_at IS NULL", on: connection) { try $0.bind(digest, at: 1) }.first
        }
    }

    package func revokedKeyNames() throws -> Set<String> {
        try readers.read { connection in
            Set(try Self.keys(where: "WHERE revoked_at IS NOT NULL", on: connection) { _ in }.map(\.name))
        }
    }

    package func revokeKey(named name: String, at time: String) throws -> Bool {
        try writer.transaction { connection in
            let active = try connection.scalarInt64("SELECT count(*) FROM api_keys WHERE name = ?1 AND revoked_at IS NULL") {
                try $0.bind(name, at: 1)
            }
            guard active == 1 else { return false }
            try connection.executeCached("UPDATE api_keys SET revoked_at = ?2 WHERE name = ?1") { update in
                try update.bind(name, at: 1)
                try update.bind(time, at: 2)
            }
            for table in ["undo_entries", "idempotency_receipts"] {
                try connection.executeCached("DELETE FROM \(table) WHERE session IN (SELECT id FROM sessions WHERE principal = ?1)") {
                    try $0.bind(name, at: 1)
                }
            }
            try connection.executeCached("DELETE FROM sessions WHERE principal = ?1") { try $0.bind(name, at: 1) }
            return true
        }
    }

    private static func keys(
        where filter: String, on connection: SQLiteConnection, bind: (SQLiteStatement) throws -> Void
    ) throws -> [StoredKey] {
        let statement = try connection.prepare("SELECT name, role, digest, created_at, revoked_at FROM api_keys \(filter) ORDER BY name")
        defer { try? statement.finalize() }
        try bind(statement)
        return try statement.rows { row in
            StoredKey(
                name: row.text(at: 0) ?? "", role: Role(rawValue: row.text(at: 1) ?? "") ?? .viewer, digest: row.blob(at: 2) ?? [],
                created: row.text(at: 3) ?? "", revoked: row.text(at: 4))
        }
    }
}
