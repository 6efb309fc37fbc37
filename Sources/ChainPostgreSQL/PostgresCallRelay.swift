import ChainStorage
import ChainSupport
import Dispatch
import Foundation
import Synchronization

/// `CallRelay` over PostgreSQL: two unlogged tables and three notification channels (and
/// `PresenceRelay`, in `PostgresCallRelay+Presence.swift`, a third table and a fourth channel).
///
/// - `session_streams` has a row for every session an instance streams; another instance
///   counts it only while its writer is running (`PostgresSchema.isRunning`), so a killed
///   instance's rows stop counting the moment its connections drop. Every change notifies
///   `chain_streams`, and each instance keeps the set of sessions streamed elsewhere.
/// - A call offered goes into `remote_calls` and notifies `chain_call`; an instance that
///   streams its session sends the `invoke` and, once its client answers, settles the row
///   (the first settlement wins) and notifies `chain_call_settled` to the caller, which
///   takes the row away.
///
/// Every statement but `answer`'s runs on the relay's serial queue with its own connection,
/// which reconnects as needed; a statement that fails is not retried (a call offered then is
/// settled disconnected; a stream's presence is published again at the next reconnect).
package final class PostgresCallRelay: CallRelay {
    package let origin: String
    private let url: String
    let queue = DispatchQueue(label: "chain.call-relay")
    /// The queue's connection, and the one `answer` uses.
    private let connection = Lock<PostgresConnection?>(nil)
    private let answering = Lock<PostgresConnection?>(nil)
    private let waitingAnswers = Atomic<Int>(0)
    package static let maxWaitingAnswers = 16
    private static let setup = ["SET synchronous_commit = off"]
    private static let answeringSetup = ["SET synchronous_commit = off", "SET statement_timeout = '2s'"]
    let state = Lock(State())

    struct State {
        var receiver: CallRelayReceiver?
        var presenceReceiver: PresenceRelayReceiver?
        var closed = false
        /// Sessions another running instance streams.
        var elsewhere: Set<String> = []
    }

    /// How often the sessions streamed elsewhere are counted again, besides every
    /// notification: an instance killed with -9 sends none.
    package static let recountInterval: Duration = .seconds(2)

    package init(url: String, origin: String) {
        self.url = url
        self.origin = origin
        scheduleRecount()
    }

    /// Setting it catches up as a reconnection does: what the receiver holds is published,
    /// and it hears which sessions are streamed elsewhere.
    package var receiver: CallRelayReceiver? {
        get { state.withLock { $0.receiver } }
        set {
            state.withLock { $0.receiver = newValue }
            queue.async { [self] in catchUp() }
        }
    }

    package func isListenedElsewhere(_ session: String) -> Bool {
        state.withLock { $0.elsewhere.contains(session) }
    }

    package func listeningChanged(_ session: String) {
        queue.async { [self] in
            guard let receiver else { return }
            try? publish(session, here: receiver.isListenedHere(session))
        }
    }

    package func offer(call: String, session: String, invoke: [UInt8], deadline: Date) {
        queue.async { [self] in
            let milliseconds = max(0, Int(deadline.timeIntervalSinceNow * 1000))
            // Offered only while a running instance streams the session: the one that did may
            // have been killed since this instance last counted.
            let offered = try? run("""
                WITH offered AS (
                    INSERT INTO remote_calls (id, session, caller, invoke, deadline)
                    SELECT $1, $2, $3, $4, now() + $5 * interval '1 millisecond'
                    WHERE \(Self.streamedElsewhere(session: "$2", besides: "$3"))
                    RETURNING id)
                SELECT pg_notify('\(PostgresSchema.callChannel)', $3 || ' ' || $1) FROM offered
                """, [.text(call), .text(session), .text(origin), .bytes(invoke), .int(milliseconds)])
            if (offered?.rowCount ?? 0) == 0 { receiver?.settled(call, session, nil, false) }
        }
    }

    /// On a connection of its own, not behind the queue, and bounded by a statement timeout:
    /// a client's request is waiting on it. At most `maxWaitingAnswers` wait for that
    /// connection at once; more are refused (503) rather than queued without end.
    package func answer(call: String, session: String, answer: [UInt8]) throws -> Bool {
        guard waitingAnswers.add(1, ordering: .relaxed).newValue <= Self.maxWaitingAnswers else {
            waitingAnswers.subtract(1, ordering: .relaxed)
            throw PostgresError(connectionLost: "\(Self.maxWaitingAnswers) answers already wait for the database", url: url)
        }
        defer { waitingAnswers.subtract(1, ordering: .relaxed) }
        let result = try run(on: answering, setup: Self.answeringSetup, """
            WITH settled AS (
                UPDATE remote_calls SET settled = 'answered', answer = $3
                WHERE id = $1 AND session = $2 AND settled IS NULL
                RETURNING caller)
            SELECT pg_notify('\(PostgresSchema.settledChannel)', caller || ' ' || $1) FROM settled
            """, [.text(call), .text(session), .bytes(answer)])
        return result.rowCount > 0
    }

    package func heard(call: String) {
        // On the queue, ahead of the change to this instance's streams that a close queues:
        // by the time another instance sees no stream here, the mark is committed.
        queue.async { [self] in _ = try? run("UPDATE remote_calls SET heard = true WHERE id = $1", [.text(call)]) }
    }

    package func disconnect(call: String, heard: Bool) {
        queue.async { [self] in
            // Unless a running instance other than this one still streams the session (the
            // caller's own streams count: it settles those itself). A call some instance's
            // stream took is disconnected, whatever this instance saw.
            _ = try? run("""
                WITH settled AS (
                    UPDATE remote_calls c SET settled = CASE WHEN c.heard THEN 'disconnected' ELSE $3 END
                    WHERE c.id = $1 AND c.settled IS NULL AND NOT \(Self.streamedElsewhere(session: "c.session", besides: "$2"))
                    RETURNING c.caller)
                SELECT pg_notify('\(PostgresSchema.settledChannel)', caller || ' ' || $1) FROM settled
                """, [.text(call), .text(origin), .text(heard ? "disconnected" : "undelivered")])
        }
    }

    package func forget(call: String) {
        queue.async { [self] in _ = try? run("DELETE FROM remote_calls WHERE id = $1", [.text(call)]) }
    }

    /// What the listener heard on the relay's channels; the rest is not the relay's.
    package func heard(_ notifications: [PostgresNotification]) {
        for notification in notifications {
            let parts = notification.payload.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            let (name, subject) = (parts[0], parts[1])
            switch notification.channel {
            case PostgresSchema.callChannel where name != origin:
                queue.async { [self] in invoked(subject) }
            case PostgresSchema.settledChannel where name == origin:
                queue.async { [self] in settled(subject) }
            case PostgresSchema.streamsChannel where name != origin:
                queue.async { [self] in recount(subject) }
            case PostgresSchema.presenceChannel where name != origin:
                // "-origin": that instance stopped running, and another one said so.
                heardPresence(subject, from: name.hasPrefix("-") ? String(name.dropFirst()) : name)
            default:
                break
            }
        }
    }

    /// The listener (re)connected, and now holds this instance's running lock on
    /// `listening`: what was notified before reached nobody, so the relay catches up.
    package func connected(_ listening: PostgresConnection) throws {
        let key: [PostgresValue] = [.int(Int64(PostgresSchema.runningLockClass)), .text(origin)]
        // Not a waiting lock: after a network cut the old connection may hold it until the
        // server notices it is gone, and the listener must not hang behind it meanwhile.
        let tryLock = "SELECT pg_try_advisory_lock($1::int4, hashtext($2))::int"
        var taken = try listening.query(tryLock, key).int(0, 0) == 1
        if !taken {
            try listening.query("""
                SELECT pg_terminate_backend(l.pid) FROM pg_locks l
                WHERE l.locktype = 'advisory' AND l.classid = $1 AND l.objid = hashtext($2)::oid AND l.objsubid = 2
                    AND l.pid <> pg_backend_pid()
                """, key)
            taken = try listening.query(tryLock, key).int(0, 0) == 1
        }
        guard taken else { throw PostgresError(connectionLost: "this instance's running lock is held elsewhere", url: url) }
        queue.async { [self] in catchUp() }
    }

    package func close() {
        state.withLock { $0.closed = true }
        queue.sync {
            connection.withLock { connection in
                connection?.close()
                connection = nil
            }
        }
        answering.withLock { connection in
            connection?.close()
            connection = nil
        }
    }

    /// SQL true when a running instance other than `besides` streams `session` (both SQL
    /// expressions).
    private static func streamedElsewhere(session: String, besides: String) -> String {
        """
        EXISTS (SELECT 1 FROM session_streams s
            WHERE s.session = \(session) AND s.origin <> \(besides) AND \(PostgresSchema.isRunning("s.origin")))
        """
    }

    // MARK: On the queue

    /// Takes out rows of instances no longer running and calls long past their deadline,
    /// publishes this instance's streams again, and counts the sessions streamed elsewhere
    /// afresh, telling the receiver of each that changed.
    private func catchUp() {
        guard receiver != nil else { return }
        do {
            try run("DELETE FROM session_streams s WHERE NOT \(PostgresSchema.isRunning("s.origin"))")
            try run("DELETE FROM remote_calls WHERE deadline < now() - interval '1 minute'")
            try recountAll()
            try catchUpPresence()
        } catch {
            // The next reconnection tries again.
        }
    }

    /// Counts every session streamed elsewhere afresh, telling the receiver of each that
    /// changed.
    private func recountAll() throws {
        guard let receiver else { return }
        // This instance's own rows again too: a reconnecting instance's clean-up may have
        // taken them while this one's lock was briefly not seen.
        let here = receiver.listenedHere()
        if !here.isEmpty {
            try run("""
                WITH added AS (
                    INSERT INTO session_streams (session, origin) SELECT unnest($1::text[]), $2 ON CONFLICT DO NOTHING
                    RETURNING session)
                SELECT pg_notify('\(PostgresSchema.streamsChannel)', $2 || ' ' || session) FROM added
                """, [.array(here.map(Optional.some)), .text(origin)])
        }
        let result = try run("""
            SELECT DISTINCT s.session FROM session_streams s WHERE s.origin <> $1 AND \(PostgresSchema.isRunning("s.origin"))
            """, [.text(origin)])
        let now = Set((0..<result.rowCount).compactMap { result.text($0, 0) })
        let before = state.withLock { state in
            defer { state.elsewhere = now }
            return state.elsewhere
        }
        for session in now.symmetricDifference(before) { receiver.listenedElsewhere(session, now.contains(session)) }
    }

    private func scheduleRecount() {
        queue.asyncAfter(deadline: .now() + Self.recountInterval.dispatchInterval) { [weak self] in
            guard let self, !state.withLock({ $0.closed }) else { return }
            try? recountAll()
            try? dropStoppedPresence()
            scheduleRecount()
        }
    }

    private func publish(_ session: String, here: Bool) throws {
        let change = here
            ? "INSERT INTO session_streams (session, origin) VALUES ($1, $2) ON CONFLICT DO NOTHING"
            : "DELETE FROM session_streams WHERE session = $1 AND origin = $2"
        try run("""
            WITH changed AS (\(change))
            SELECT pg_notify('\(PostgresSchema.streamsChannel)', $2 || ' ' || $1)
            """, [.text(session), .text(origin)])
    }

    private func invoked(_ call: String) {
        guard let receiver,
              let result = try? run("""
                  SELECT session, invoke, (extract(epoch FROM deadline) * 1000)::int8 FROM remote_calls WHERE id = $1 AND settled IS NULL
                  """, [.text(call)]),
              result.rowCount == 1, let session = result.text(0, 0), let invoke = result.bytes(0, 1)
        else { return }
        let deadline = Date(timeIntervalSince1970: Double(result.int64(0, 2)) / 1000)
        receiver.invoked(call, session, invoke, deadline)
    }

    private func settled(_ call: String) {
        guard let receiver,
              let result = try? run(
                  "DELETE FROM remote_calls WHERE id = $1 AND settled IS NOT NULL RETURNING session, settled, answer", [.text(call)]),
              result.rowCount == 1, let session = result.text(0, 0)
        else { return }
        let settled = result.text(0, 1)
        receiver.settled(call, session, settled == "answered" ? result.bytes(0, 2) : nil, settled != "undelivered")
    }

    private func recount(_ session: String) {
        let result = try? run("""
            SELECT \(Self.streamedElsewhere(session: "$1", besides: "$2"))
            """, [.text(session), .text(origin)])
        guard let result, result.rowCount == 1 else { return }
        let elsewhere = result.int64(0, 0) == 1
        let changed = state.withLock { state in
            elsewhere ? state.elsewhere.insert(session).inserted : state.elsewhere.remove(session) != nil
        }
        if changed { receiver?.listenedElsewhere(session, elsewhere) }
    }

    /// Runs one statement on the queue's connection (`run(on:)`).
    @discardableResult
    func run(_ sql: String, _ parameters: [PostgresValue] = []) throws -> PostgresResult {
        try run(on: connection, setup: Self.setup, sql, parameters)
    }

    /// Runs one statement on `connection`, connecting first as needed, and once more when
    /// the connection was lost under it (then the first did not commit). Throws `closed`
    /// once the relay is.
    private func run(
        on connection: borrowing Lock<PostgresConnection?>, setup: [String], _ sql: String, _ parameters: [PostgresValue]
    ) throws -> PostgresResult {
        guard !state.withLock({ $0.closed }) else { throw CatalogStoreError.closed }
        return try connection.withLock { connection in
            if connection == nil || !(connection?.isConnected ?? false) {
                connection?.close()
                connection = try PostgresConnection(url: url, setup: setup)
            }
            guard let live = connection else { throw CatalogStoreError.closed }
            do {
                return try live.query(sql, parameters)
            } catch let error as PostgresError where error.connectionLost {
                try live.reconnect()
                return try live.query(sql, parameters)
            }
        }
    }
}
