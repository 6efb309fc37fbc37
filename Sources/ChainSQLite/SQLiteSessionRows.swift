import ChainModel
import ChainStorage

/// Sessions in the catalog file: writing a `SessionWrite` inside a batch's savepoint, and
/// reading every stored session back at start.
package enum SQLiteSessionRows {
    /// Whether `apply` runs one statement for `write`: an update of the session's row alone.
    package static func isOneStatement(_ write: SessionWrite) -> Bool {
        guard case .update = write.kind else { return false }
        return write.addedEntries.isEmpty && write.removedEntries.isEmpty && write.receipt == nil && write.droppedReceipts.isEmpty
    }

    /// `used` and `unusedFor` are for storage several instances share: one server per file
    /// has no other instance to tell of a use, and its expiry saw every one.
    package static func apply(_ write: SessionWrite, on connection: SQLiteConnection) throws {
        switch write.kind {
        case .delete:
            for sql in [
                "DELETE FROM sessions WHERE id = ?1", "DELETE FROM undo_entries WHERE session = ?1",
                "DELETE FROM idempotency_receipts WHERE session = ?1",
            ] {
                try connection.executeCached(sql) { try $0.bind(write.id, at: 1) }
            }
            return
        case let .create(tokenDigest, client, principal):
            let sql = """
                INSERT INTO sessions (id, token_digest, client, state, stacks, handlers, principal, role)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                """
            try connection.executeCached(sql) { insert in
                try insert.bind(write.id, at: 1)
                try insert.bind(tokenDigest, at: 2)
                try insert.bind(client, at: 3)
                try insert.bind(String(decoding: write.state ?? [], as: UTF8.self), at: 4)
                try insert.bind(String(decoding: write.stacks ?? [], as: UTF8.self), at: 5)
                try insert.bind(String(decoding: write.handlers ?? [], as: UTF8.self), at: 6)
                try insert.bind(principal.name, at: 7)
                try insert.bind(principal.role.rawValue, at: 8)
            }
        case .update:
            guard write.state != nil || write.stacks != nil || write.handlers != nil else { break }
            // One statement whatever changed: a NULL leaves its column as stored.
            let sql = """
                UPDATE sessions SET state = coalesce(?1, state), stacks = coalesce(?2, stacks),
                handlers = coalesce(?3, handlers) WHERE id = ?4
                """
            try connection.executeCached(sql) { update in
                for (index, bytes) in [write.state, write.stacks, write.handlers].enumerated() {
                    try update.bind(bytes.map { String(decoding: $0, as: UTF8.self) }, at: index + 1)
                }
                try update.bind(write.id, at: 4)
            }
        }
        try applyEntries(write, on: connection)
        try applyReceipts(write, on: connection)
    }

    private static func applyEntries(_ write: SessionWrite, on connection: SQLiteConnection) throws {
        for entry in write.addedEntries {
            let sql = "INSERT OR REPLACE INTO undo_entries (session, serial, name, changes) VALUES (?1, ?2, ?3, ?4)"
            try connection.executeCached(sql) { insert in
                try insert.bind(write.id, at: 1)
                try insert.bind(entry.serial, at: 2)
                try insert.bind(entry.name, at: 3)
                try insert.bind(entry.changes, at: 4)
            }
        }
        for run in write.removedEntries {
            try connection.executeCached("DELETE FROM undo_entries WHERE session = ?1 AND serial BETWEEN ?2 AND ?3") { delete in
                try delete.bind(write.id, at: 1)
                try delete.bind(run.lowerBound, at: 2)
                try delete.bind(run.upperBound, at: 3)
            }
        }
    }

    private static func applyReceipts(_ write: SessionWrite, on connection: SQLiteConnection) throws {
        for key in write.droppedReceipts {
            try connection.executeCached("DELETE FROM idempotency_receipts WHERE session = ?1 AND key = ?2") { delete in
                try delete.bind(write.id, at: 1)
                try delete.bind(key, at: 2)
            }
        }
        guard let receipt = write.receipt else { return }
        let sql = """
            INSERT OR REPLACE INTO idempotency_receipts (session, key, fingerprint, status, content_type, body, seq)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, (SELECT coalesce(max(seq), 0) + 1 FROM idempotency_receipts WHERE session = ?1))
            """
        try connection.executeCached(sql) { insert in
            try insert.bind(write.id, at: 1)
            try insert.bind(receipt.key, at: 2)
            try insert.bind(receipt.fingerprint, at: 3)
            try insert.bind(receipt.answer.status, at: 4)
            try insert.bind(receipt.answer.contentType, at: 5)
            try insert.bind(receipt.answer.body, at: 6)
        }
    }

    /// Every stored session, with its undo entries and receipts (oldest first).
    package static func load(on connection: SQLiteConnection) throws -> [StoredSession] {
        let sessions = try connection.prepare(
            "SELECT id, token_digest, client, state, stacks, handlers, principal, role FROM sessions ORDER BY id")
        defer { try? sessions.finalize() }
        var loaded = try sessions.rows { row in
            StoredSession(
                id: row.text(at: 0) ?? "", tokenDigest: row.blob(at: 1) ?? [], client: row.text(at: 2) ?? "",
                principal: Principal(name: row.text(at: 6) ?? "", role: Role(rawValue: row.text(at: 7) ?? "") ?? .viewer),
                state: Array((row.text(at: 3) ?? "").utf8), stacks: Array((row.text(at: 4) ?? "").utf8),
                handlers: Array((row.text(at: 5) ?? "").utf8), version: 0,
                entries: [:], receipts: [])
        }
        var index: [String: Int] = [:]
        for (position, session) in loaded.enumerated() { index[session.id] = position }

        let entries = try connection.prepare("SELECT session, serial, name, changes FROM undo_entries")
        defer { try? entries.finalize() }
        _ = try entries.rows { row in
            guard let position = index[row.text(at: 0) ?? ""] else { return }
            loaded[position].entries[row.int(at: 1)] = (name: row.text(at: 2) ?? "", changes: row.blob(at: 3) ?? [])
        }
        let receipts = try connection.prepare(
            "SELECT session, key, fingerprint, status, content_type, body FROM idempotency_receipts ORDER BY session, seq")
        defer { try? receipts.finalize() }
        _ = try receipts.rows { row in
            guard let position = index[row.text(at: 0) ?? ""] else { return }
            loaded[position].receipts.append(IdempotencyReceipt(
                key: row.text(at: 1) ?? "", fingerprint: row.blob(at: 2) ?? [],
                answer: StoredAnswer(status: row.int(at: 3), contentType: row.text(at: 4) ?? "", body: row.blob(at: 5) ?? [])))
        }
        return loaded
    }
}
