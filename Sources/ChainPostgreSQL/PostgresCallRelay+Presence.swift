import ChainStorage
import Foundation

/// `PresenceRelay` over PostgreSQL: `session_presence` holds each running instance's entries
/// (for an instance that starts or reconnects), and every change notifies `chain_presence`
/// with the entry itself (`origin session entry`), so the others take it in without a query.
/// A killed instance's rows are taken out, and told as left, by whichever instance counts
/// next (`recountInterval`).
extension PostgresCallRelay: PresenceRelay {
    package var presenceReceiver: PresenceRelayReceiver? {
        get { state.withLock { $0.presenceReceiver } }
        set { state.withLock { $0.presenceReceiver = newValue } }
    }

    package func publishPresence(session: String, entry: [UInt8]?) {
        queue.async { [self] in
            if let entry {
                let text = String(decoding: entry, as: UTF8.self)
                _ = try? run("""
                    WITH kept AS (
                        INSERT INTO session_presence (session, origin, entry) VALUES ($1, $2, $3)
                        ON CONFLICT (session, origin) DO UPDATE SET entry = EXCLUDED.entry)
                    SELECT pg_notify('\(PostgresSchema.presenceChannel)', $2 || ' ' || $1 || ' ' || $3)
                    """, [.text(session), .text(origin), .text(text)])
            } else {
                _ = try? run("""
                    WITH gone AS (DELETE FROM session_presence WHERE session = $1 AND origin = $2)
                    SELECT pg_notify('\(PostgresSchema.presenceChannel)', $2 || ' ' || $1)
                    """, [.text(session), .text(origin)])
            }
        }
    }

    /// `subject` is `session entry` or `session` (left), from instance `origin`.
    func heardPresence(_ subject: String, from origin: String) {
        let parts = subject.split(separator: " ", maxSplits: 1)
        guard let session = parts.first.map(String.init) else { return }
        let entry = parts.count == 2 ? Array(parts[1].utf8) : nil
        queue.async { [self] in presenceReceiver?.heard(origin, session, entry) }
    }

    /// Publishes this instance's entries again and takes in the other running instances'.
    func catchUpPresence() throws {
        guard let receiver = presenceReceiver else { return }
        let held = receiver.held()
        if !held.isEmpty {
            try run("""
                INSERT INTO session_presence (session, origin, entry)
                SELECT unnest($1::text[]), $2, unnest($3::text[])
                ON CONFLICT (session, origin) DO UPDATE SET entry = EXCLUDED.entry
                """, [
                    .array(held.map { Optional($0.session) }), .text(origin),
                    .array(held.map { Optional(String(decoding: $0.entry, as: UTF8.self)) }),
                ])
        }
        try dropStoppedPresence()
        let result = try run("""
            SELECT p.session, p.entry, p.origin FROM session_presence p WHERE p.origin <> $1 AND \(PostgresSchema.isRunning("p.origin"))
            """, [.text(origin)])
        for row in 0..<result.rowCount {
            guard let session = result.text(row, 0), let entry = result.text(row, 1), let origin = result.text(row, 2) else { continue }
            receiver.heard(origin, session, Array(entry.utf8))
        }
    }

    /// Takes out the entries of instances no longer running, telling every instance they left.
    func dropStoppedPresence() throws {
        try run("""
            WITH gone AS (
                DELETE FROM session_presence p WHERE NOT \(PostgresSchema.isRunning("p.origin")) RETURNING p.session, p.origin)
            SELECT pg_notify('\(PostgresSchema.presenceChannel)', '-' || gone.origin || ' ' || gone.session) FROM gone
            """)
    }
}
