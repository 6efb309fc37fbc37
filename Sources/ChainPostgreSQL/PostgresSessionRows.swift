import ChainModel
import ChainStorage
import ChainSupport

/// Sessions in PostgreSQL: the statements that store a `SessionWrite` in a batch, and reading
/// every stored session back at start. The rows are `SQLiteSessionRows`' in PostgreSQL's SQL.
package enum PostgresSessionRows {
    /// The statements that store `write`, in order.
    package static func statements(for write: SessionWrite) -> [PostgresConnection.Statement] {
        typealias Statement = PostgresConnection.Statement
        let id = PostgresValue.text(write.id)
        var statements: [Statement] = []
        switch write.kind {
        case .delete:
            if let expected = write.expectedVersion {
                statements.append(Statement("SELECT chain_session_turn($1, $2)", [id, .int(expected)]))
            }
            if let idle = write.unusedFor {
                statements.append(Statement("SELECT chain_session_unused($1, $2)", [id, .int(milliseconds(idle))]))
            }
            return statements + [
                "DELETE FROM sessions WHERE id = $1", "DELETE FROM undo_entries WHERE session = $1",
                "DELETE FROM idempotency_receipts WHERE session = $1",
            ].map { Statement($0, [id]) }
        case let .create(tokenDigest, client, principal):
            statements.append(Statement(
                """
                INSERT INTO sessions (id, token_digest, client, state, stacks, handlers, principal, role)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                """,
                [id, .bytes(tokenDigest), .text(client), text(write.state ?? []), text(write.stacks ?? []), text(write.handlers ?? []),
                 .text(principal.name), .text(principal.role.rawValue)]))
        case .update:
            if let expected = write.expectedVersion {
                statements.append(Statement("SELECT chain_session_turn($1, $2)", [id, .int(expected)]))
            }
            if write.used {
                statements.append(Statement("UPDATE sessions SET last_used = clock_timestamp() WHERE id = $1", [id]))
            }
            guard write.state != nil || write.stacks != nil || write.handlers != nil else { break }
            // One statement whatever changed: a NULL leaves its column as stored.
            statements.append(Statement(
                """
                UPDATE sessions SET state = coalesce($1, state), stacks = coalesce($2, stacks),
                handlers = coalesce($3, handlers) WHERE id = $4
                """,
                [write.state.map(text) ?? .null, write.stacks.map(text) ?? .null, write.handlers.map(text) ?? .null, id]))
        }
        for entry in write.addedEntries {
            statements.append(Statement(
                """
                INSERT INTO undo_entries (session, serial, name, changes) VALUES ($1, $2, $3, $4)
                ON CONFLICT (session, serial) DO UPDATE SET name = excluded.name, changes = excluded.changes
                """,
                [id, .int(entry.serial), .text(entry.name), .bytes(entry.changes)]))
        }
        for run in write.removedEntries {
            statements.append(Statement(
                "DELETE FROM undo_entries WHERE session = $1 AND serial BETWEEN $2 AND $3",
                [id, .int(run.lowerBound), .int(run.upperBound)]))
        }
        for key in write.droppedReceipts {
            statements.append(Statement("DELETE FROM idempotency_receipts WHERE session = $1 AND key = $2", [id, .text(key)]))
        }
        if let receipt = write.receipt {
            statements.append(Statement(
                """
                INSERT INTO idempotency_receipts (session, key, fingerprint, status, content_type, body, seq)
                VALUES ($1, $2, $3, $4, $5, $6, (SELECT coalesce(max(seq), 0) + 1 FROM idempotency_receipts WHERE session = $1))
                ON CONFLICT (session, key) DO UPDATE SET fingerprint = excluded.fingerprint, status = excluded.status,
                content_type = excluded.content_type, body = excluded.body, seq = excluded.seq
                """,
                [id, .text(receipt.key), .bytes(receipt.fingerprint), .int(receipt.answer.status),
                 .text(receipt.answer.contentType), .bytes(receipt.answer.body)]))
        }
        return statements
    }

    /// `time` in whole milliseconds, as the session functions take it.
    private static func milliseconds(_ time: Duration) -> Int64 {
        time.components.seconds * 1000 + time.components.attoseconds / 1_000_000_000_000_000
    }

    /// Every stored session, with its undo entries and receipts (oldest first).
    package static func load(on connection: PostgresConnection) throws -> [StoredSession] {
        try load(nil, on: connection)
    }

    /// The stored session `key` names, if any.
    package static func load(_ key: StoredSession.Key, on connection: PostgresConnection) throws -> StoredSession? {
        try load(Optional(key), on: connection).first
    }

    /// The sessions `key` selects (every one for `nil`), read in one snapshot.
    private static func load(_ key: StoredSession.Key?, on connection: PostgresConnection) throws -> [StoredSession] {
        let filter: (sql: String, parameters: [PostgresValue])
        switch key {
        case nil: filter = ("", [])
        case .id(let id): filter = ("WHERE id = $1", [.text(id)])
        case .tokenDigest(let digest): filter = ("WHERE token_digest = $1", [.bytes(digest)])
        case .tokenDigestUsedWithin(let digest, let time):
            filter = (
                "WHERE token_digest = $1 AND last_used > clock_timestamp() - make_interval(secs => $2 / 1000.0)",
                [.bytes(digest), .int(milliseconds(time))])
        }
        return try connection.snapshot { try load(filter, on: connection) }
    }

    private static func load(_ filter: (sql: String, parameters: [PostgresValue]), on connection: PostgresConnection) throws -> [StoredSession] {
        let sessions = try connection.query(
            "SELECT id, token_digest, client, state, stacks, handlers, version, principal, role FROM sessions \(filter.sql) ORDER BY id",
            filter.parameters)
        let selected = filter.sql.isEmpty ? "" : "WHERE session IN (SELECT id FROM sessions \(filter.sql))"
        var loaded: [StoredSession] = []
        var index: [String: Int] = [:]
        for row in 0..<sessions.rowCount {
            let id = sessions.text(row, 0) ?? ""
            index[id] = loaded.count
            loaded.append(StoredSession(
                id: id, tokenDigest: sessions.bytes(row, 1) ?? [], client: sessions.text(row, 2) ?? "",
                principal: Principal(name: sessions.text(row, 7) ?? "", role: Role(rawValue: sessions.text(row, 8) ?? "") ?? .viewer),
                state: sessions.bytes(row, 3) ?? [], stacks: sessions.bytes(row, 4) ?? [], handlers: sessions.bytes(row, 5) ?? [],
                version: sessions.int64(row, 6), entries: [:], receipts: []))
        }
        let entries = try connection.query("SELECT session, serial, name, changes FROM undo_entries \(selected)", filter.parameters)
        for row in 0..<entries.rowCount {
            guard let position = index[entries.text(row, 0) ?? ""] else { continue }
            loaded[position].entries[entries.int(row, 1)] = (name: entries.text(row, 2) ?? "", changes: entries.bytes(row, 3) ?? [])
        }
        let receipts = try connection.query(
            "SELECT session, key, fingerprint, status, content_type, body FROM idempotency_receipts \(selected) ORDER BY session, seq",
            filter.parameters)
        for row in 0..<receipts.rowCount {
            guard let position = index[receipts.text(row, 0) ?? ""] else { continue }
            loaded[position].receipts.append(IdempotencyReceipt(
                key: receipts.text(row, 1) ?? "", fingerprint: receipts.bytes(row, 2) ?? [],
                answer: StoredAnswer(status: receipts.int(row, 3), contentType: receipts.text(row, 4) ?? "", body: receipts.bytes(row, 5) ?? [])))
        }
        return loaded
    }

    private static func text(_ bytes: [UInt8]) -> PostgresValue {
        .text(String(decoding: bytes, as: UTF8.self))
    }
}
