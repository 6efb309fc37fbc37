import ChainModel
import ChainStorage

/// API keys in PostgreSQL (`api_keys`), as `SQLiteCatalogStore`'s: a revocation also
/// notifies `PostgresSchema.keysChannel`, so every running instance ends the principal's
/// sessions at once.
extension PostgresCatalogStore {
    package func addKey(_ key: StoredKey) throws {
        try writer.transaction { connection in
            let inserted = try connection.query(
                "INSERT INTO api_keys (name, role, digest, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (name) DO NOTHING RETURNING 1",
                [.text(key.name), .text(key.role.rawValue), .bytes(key.digest), .text(key.created)])
            guard inserted.rowCount == 1 else { throw CatalogStoreError.keyNameTaken(key.name) }
        }
    }

    package func listKeys() throws -> [StoredKey] {
        try read { try Self.keys(where: "", [], on: $0) }
    }

    package func activeKey(digest: [UInt8]) throws -> StoredKey? {
        try read { try Self.keys(where: "WHERE digest = $1 AND revoked_at IS NULL", [.bytes(digest)], on: $0).first }
    }

    package func revokedKeyNames() throws -> Set<String> {
        try read { Set(try Self.keys(where: "WHERE revoked_at IS NOT NULL", [], on: $0).map(\.name)) }
    }

    package func revokeKey(named name: String, at time: String) throws -> Bool {
        try writer.transaction { connection in
            let revoked = try connection.query(
                "UPDATE api_keys SET revoked_at = $2 WHERE name = $1 AND revoked_at IS NULL RETURNING 1", [.text(name), .text(time)])
            guard revoked.rowCount == 1 else { return false }
            for table in ["undo_entries", "idempotency_receipts"] {
                try connection.query("DELETE FROM \(table) WHERE session IN (SELECT id FROM sessions WHERE principal = $1)", [.text(name)])
            }
            try connection.query("DELETE FROM sessions WHERE principal = $1", [.text(name)])
            try connection.query("SELECT pg_notify('\(PostgresSchema.keysChannel)', $1)", [.text(name)])
            return true
        }
    }

    private static func keys(where filter: String, _ parameters: [PostgresValue], on connection: PostgresConnection) throws -> [StoredKey] {
        let rows = try connection.query("SELECT name, role, digest, created_at, revoked_at FROM api_keys \(filter) ORDER BY name", parameters)
        return (0..<rows.rowCount).map { row in
            StoredKey(
                name: rows.text(row, 0) ?? "", role: Role(rawValue: rows.text(row, 1) ?? "") ?? .viewer, digest: rows.bytes(row, 2) ?? [],
                created: rows.text(row, 3) ?? "", revoked: rows.text(row, 4))
        }
    }
}
