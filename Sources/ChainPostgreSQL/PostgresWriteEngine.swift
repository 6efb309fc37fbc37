import ChainModel
import ChainStorage
import Glibc

/// How the catalog writer writes to PostgreSQL: one connection, catalog values as range
/// UPDATEs and `unnest` joins, and a commit whose outcome is known even when the connection
/// drops during it.
///
/// A group is first written in one go: BEGIN, every batch's statements and COMMIT go in one
/// pipeline, one round trip for the whole group. Should any statement fail, the group is
/// rolled back and the writer writes it again carefully: each batch in a savepoint of its
/// own, as it comes, so the failing one is undone alone.
///
/// Every group takes the commit log's lock first, and one that writes catalog values or a
/// command's session state adds an entry to the log through `chain_log` (`PostgresSchema`;
/// `PostgresLogEntry`), which refuses it when another instance wrote to its images after the
/// position it was computed at. The careful path then logs each batch alone, so only the
/// batch that conflicts fails, with `CatalogStoreError.conflict`. `follow` reads the log for
/// the mirror.
///
/// `@unchecked Sendable`: it is handed to the writer thread once and only used there.
package final class PostgresWriteEngine: CatalogWriteEngine, @unchecked Sendable {
    package typealias Statement = PostgresConnection.Statement

    /// How long a commit whose connection dropped keeps trying to learn whether it landed.
    package static let commitCheckSeconds = 10

    /// Entries `follow` reads per query.
    package static let followPage = 500
    /// How often the writer drops log entries past their retention.
    package static let pruneInterval = Duration.seconds(60)

    package let connection: PostgresConnection
    /// This instance's name in the commit log: its own entries are not handed to the mirror.
    package let origin: String
    private var careful = true
    /// The log positions the open transaction took so far.
    private var positions: ClosedRange<Int64>?
    /// The positions the last committed group took. `follow` right after a conflict stops
    /// before them: the mirror takes that group's writes in only as it completes.
    package private(set) var committedPositions: ClosedRange<Int64>?
    /// The group's statements, written at `commit` when not careful.
    private var deferred: [Statement] = []
    /// The group's one log entry, added at `commit` when not careful.
    private var groupEntry = PostgresLogEntry()
    private var lost = false
    private var lastPrune = ContinuousClock.now

    package init(connection: PostgresConnection, origin: String) {
        self.connection = connection
        self.origin = origin
    }

    /// Reconnects first when the last group found the server gone: a restart of the
    /// database costs the groups written while it was down, not the ones after (see
    /// `commitInOneGo` for the first group after it).
    package func begin(careful: Bool) throws {
        try open(careful: careful, locked: true)
    }

    /// Starts a group: a careful one's transaction is opened here, with the log's lock when
    /// `locked` (every group of batches; bulk work, which logs nothing, goes without).
    private func open(careful: Bool, locked: Bool) throws {
        self.careful = careful
        deferred.removeAll(keepingCapacity: true)
        groupEntry = PostgresLogEntry()
        lost = false
        positions = nil
        committedPositions = nil
        if ContinuousClock.now - lastPrune > Self.pruneInterval {
            lastPrune = .now
            // Best effort: a connection it finds lost is made again just below.
            try? pruneLog()
        }
        if !connection.isConnected { try connection.reconnect() }
        if careful {
            try connection.execute("BEGIN")
            if locked { try connection.query(Self.groupLock.sql, Self.groupLock.parameters) }
        }
    }

    package func apply(_ write: StorageWrite) throws {
        var statements = try Self.statements(for: write.changes)
        if let history = write.history, !history.isEmpty { statements.append(PostgresHistoryRows.insert(history)) }
        if let session = write.session { statements += PostgresSessionRows.statements(for: session) }
        guard careful else {
            deferred += statements
            groupEntry.add(write)
            return
        }
        var entry = PostgresLogEntry()
        entry.add(write)
        if !entry.isEmpty { statements.append(entry.statement(origin: origin)) }
        do {
            var position: Int64?
            try savepoint {
                for statement in statements {
                    let result = try connection.query(statement.sql, statement.parameters)
                    if statement.sql == PostgresLogEntry.sql { position = result.int64(0, 0) }
                }
            }
            if let position { took(position) }
        } catch let error as PostgresError where error.connectionLost {
            lost = true
            throw error
        } catch let error as PostgresError where error.sqlState == PostgresSchema.conflictState {
            throw CatalogStoreError.conflict
        }
    }

    package var lostTransaction: Bool { lost || (careful && !connection.inTransaction) }

    /// Commits. When the connection drops during COMMIT, the transaction may or may not have
    /// committed: the engine reconnects and asks the server (`pg_xact_status`) which, for up
    /// to `commitCheckSeconds`, so a group that landed is not reported failed (its commands
    /// would be answered 503 while their writes stay).
    package func commit() throws {
        careful ? try commitCarefully() : try commitInOneGo()
        committedPositions = positions
    }

    package func rollback() {
        if connection.isConnected, connection.inTransaction { try? connection.execute("ROLLBACK") }
    }

    /// Seeding and imports do not hold up other instances' groups behind the log's lock for
    /// their whole length: an import takes it only at its end, to name what it added.
    package func exclusive<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try open(careful: true, locked: false)
        do {
            let value = try body(connection)
            try commit()
            return value
        } catch {
            rollback()
            throw error
        }
    }

    /// Hands `follower` the log's entries after its position, in order: other instances'
    /// changes to apply, this one's as positions only (the mirror has them from their
    /// commands). Right after a group whose write conflicted (`afterConflict`) it stops before
    /// that group's own entries, which the mirror takes in only as the group completes; the
    /// entries that caused the conflict all come before them. A mirror behind the log's
    /// horizon (`logRetention`) reloads every value; images another process added (an
    /// import) are read, those rows alone.
    package func follow(_ follower: CommitFollower, afterConflict: Bool) throws {
        if !connection.isConnected { try connection.reconnect() }
        let end = afterConflict ? committedPositions?.lowerBound ?? .max : .max
        var position = follower.position()
        while position + 1 < end {
            let entries = try connection.query(
                """
                SELECT seq, origin, changes, array_to_string(sessions, ' '), added::int, images::text FROM catalog_log
                WHERE seq > $1 AND seq < $2 ORDER BY seq LIMIT $3
                """,
                [.int(position), .int(end), .int(Self.followPage)])
            guard entries.rowCount > 0 else { return }
            guard entries.int64(0, 0) == position + 1 else { return try reload(follower, afterConflict: afterConflict) }
            for row in 0..<entries.rowCount {
                position = entries.int64(row, 0)
                // Images another process added (an import): those rows, as committed.
                if entries.int64(row, 4) == 1, entries.text(row, 1) != origin {
                    follower.added(try addedImages(entries.text(row, 5) ?? "{}"), position)
                    continue
                }
                guard entries.text(row, 1) != origin else {
                    follower.apply(ChangeSet(), [], position)
                    continue
                }
                let sessions = (entries.text(row, 3) ?? "").split(separator: " ").map(String.init)
                follower.apply(try ChangeSetCoding.decode(entries.bytes(row, 2) ?? []), sessions, position)
            }
            if entries.rowCount < Self.followPage { return }
        }
    }

    /// The values of the images an import added, by the runs its log entry names.
    private func addedImages(_ runs: String) throws -> [(ImageID, AttributeValues)] {
        let columns = try Attribute.all.map(CatalogColumn.name(of:)).joined(separator: ", ")
        let result = try connection.query(
            "SELECT id, \(columns) FROM image_values WHERE $1::int8multirange @> id ORDER BY id", [.text(runs)])
        return try (0..<result.rowCount).map { row in
            let id = result.int64(row, 0)
            return (try StoredImageRow.checkedID(id), try StoredImageRow.values(of: id) { result.int(row, 1 + $0) })
        }
    }

    /// Hands `follower` every value as of now. Right after a conflict the snapshot would hold
    /// this group's writes, which its completions are about to lay on the mirror again: the
    /// writer follows once more after them, and reloads then.
    private func reload(_ follower: CommitFollower, afterConflict: Bool) throws {
        if afterConflict { return }
        let catalog = try PostgresCatalogStore.loadFollowedCatalog(on: connection)
        follower.reload(catalog.columns, catalog.position)
    }

    /// Drops log entries past `PostgresSchema.logRetention`, always keeping the newest (the
    /// next position counts on from it).
    private func pruneLog() throws {
        try connection.query(
            """
            DELETE FROM catalog_log WHERE committed_at < clock_timestamp() - $1::interval
            AND seq < (SELECT max(seq) FROM catalog_log)
            """, [.text(PostgresSchema.logRetention)])
    }

    package func close() {
        connection.close()
    }

    // MARK: Internals

    private static let transactionID = Statement("SELECT pg_current_xact_id()::text")
    /// Taken first in every group: groups of all instances write one at a time. Only then
    /// does a transaction lock rows, so two instances' groups never wait on each other's
    /// rows while one holds the log (no deadlock), and a conflict is judged against every
    /// entry committed before the group's first write.
    private static let groupLock = Statement("SELECT pg_advisory_xact_lock($1)", [.int(Int(PostgresSchema.logLockKey))])

    private func took(_ position: Int64) {
        positions = positions.map { min($0.lowerBound, position)...max($0.upperBound, position) } ?? position...position
    }

    private func commitCarefully() throws {
        let transaction = try connection.query(Self.transactionID.sql).text(0, 0) ?? ""
        do {
            try connection.execute("COMMIT")
        } catch let error as PostgresError where error.connectionLost {
            guard try committed(transaction) else { throw error }
        }
    }

    /// BEGIN, the transaction's id (flushed to the client at once), the batches and COMMIT
    /// in one pipeline.
    private func commitInOneGo() throws {
        var statements = [Statement("BEGIN"), Self.transactionID, Self.groupLock] + deferred
        if !groupEntry.isEmpty { statements.append(groupEntry.statement(origin: origin)) }
        statements.append(Statement("COMMIT"))
        deferred.removeAll(keepingCapacity: true)
        groupEntry = PostgresLogEntry()
        let (results, failure) = try connection.pipeline(statements, flushAfter: 1)
        for (statement, result) in zip(statements, results) where statement.sql == PostgresLogEntry.sql && result.rowCount > 0 {
            took(result.int64(0, 0))
        }
        guard let failure else { return }
        // Every statement, COMMIT included, answered: only the sync went missing.
        if failure.index == statements.count { return }
        guard failure.error.connectionLost else {
            // The server skipped the rest and the transaction is aborted: undo it, and let
            // the writer find the failing batch.
            rollback()
            throw WriteAgainCarefully(cause: failure.error)
        }
        // Lost somewhere in the pipeline. The server answers in order and flushed the id as
        // soon as it ran that statement, so without the id it never reached COMMIT: nothing
        // was written, and the group is written again on a new connection. That is the
        // first group after a database restart, sent on the old connection, which libpq
        // only finds closed by using it. With the id, only the server can say whether
        // COMMIT ran (its answers may have been lost).
        guard results.count > 1, let transaction = results[1].text(0, 0) else {
            throw WriteAgainCarefully(cause: failure.error)
        }
        guard try committed(transaction) else { throw failure.error }
    }

    private func savepoint(_ body: () throws -> Void) throws {
        try connection.execute("SAVEPOINT batch")
        do {
            try body()
            try connection.execute("RELEASE batch")
        } catch {
            guard connection.isConnected else { throw error }
            do {
                try connection.execute("ROLLBACK TO batch")
                try connection.execute("RELEASE batch")
            } catch let rollback {
                throw SavepointRollbackFailed(cause: error, rollback: rollback)
            }
            throw error
        }
    }

    /// Whether `transaction` committed, asked of the server once it answers again, for up
    /// to `commitCheckSeconds`. While the old backend may still be finishing the COMMIT
    /// (a network cut, not a server restart), the answer is `in progress`: asked again.
    /// Throws the last error when no answer came in time: the outcome is unknown.
    private func committed(_ transaction: String) throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(Self.commitCheckSeconds)
        var lastError: any Error = CatalogStoreError.closed
        repeat {
            do {
                try connection.reconnect()
                let status = try connection.query("SELECT pg_xact_status($1::xid8)", [.text(transaction)]).text(0, 0)
                if status != "in progress" { return status == "committed" }
            } catch {
                lastError = error
            }
            usleep(250_000)
        } while ContinuousClock.now < deadline
        throw lastError
    }

    /// A segment giving all its images one value is one UPDATE per run of consecutive ids
    /// (a whole catalog set to five stars is one statement), or one for all its runs
    /// through `unnest` when there are many; per-image values are one UPDATE joining the
    /// ids to their values, however many there are.
    private static func statements(for changes: ChangeSet) throws -> [Statement] {
        try changes.segments.map { segment in
            let column = try CatalogColumn.name(of: segment.attribute)
            switch segment.values {
            case .all(let code):
                let runs = segment.images.runs
                if runs.count == 1, let run = runs.first {
                    return Statement(
                        "UPDATE image_values SET \(column) = $1 WHERE id BETWEEN $2 AND $3",
                        [.int(Int(code)), .int(run.first), .int(run.first + Int64(run.count) - 1)])
                }
                return Statement(
                    """
                    UPDATE image_values SET \(column) = $1 FROM unnest($2::int8[], $3::int8[]) AS run(first, last)
                    WHERE image_values.id BETWEEN run.first AND run.last
                    """,
                    [.int(Int(code)), .array(runs.map(\.first)), .array(runs.map { $0.first + Int64($0.count) - 1 })])
            case .each:
                let pairs = Array(segment.pairs)
                return Statement(
                    """
                    UPDATE image_values SET \(column) = value.code FROM unnest($1::int8[], $2::int2[]) AS value(id, code)
                    WHERE image_values.id = value.id
                    """,
                    [.array(pairs.map(\.id.rawValue)), .array(pairs.map(\.code))])
            }
        }
    }
}
