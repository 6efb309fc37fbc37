import ChainStorage

/// Who, through which session and action, as the writer interns it for the history's rows
/// (`CatalogSchema` v7): each (principal, session, action) is stored once in
/// `history_actors`, and a row names it by id.
///
/// An actor serves the entries of one epoch of `1 << epochShift` serials and is stored with
/// the serial its epoch ends at (`until_entry`), so pruning can drop it once the log keeps no
/// entry below that. The ids the writer knows are forgotten when the epoch turns, and those
/// inserted by a transaction or savepoint that did not commit are forgotten with it.
struct SQLiteHistoryActors {
    private struct Key: Hashable {
        let principal: String
        let session: String
        let action: String

        /// The session alone: it has one principal, and a few actions; hashing one string of
        /// the three per write is what the writer's history cost was made of after SQLite.
        func hash(into hasher: inout Hasher) {
            hasher.combine(session)
        }
    }

    /// Serials one epoch covers, as a shift: 65,536.
    static let epochShift: Int64 = 16

    private var known: [Key: Int64] = [:]
    private var epoch: Int64 = -1
    /// Inserted since the last commit, in order, and not yet known to be stored.
    private var pending: [Key] = []
    private var lastID: Int64 = 0
    private var lastIDLoaded = false

    /// The id of `record`'s actor for the entry `entry`, inserted when new.
    mutating func id(of record: HistoryRecord, entry: Int64, on connection: SQLiteConnection) throws -> Int64 {
        let entryEpoch = entry >> Self.epochShift
        if entryEpoch != epoch {
            known.removeAll(keepingCapacity: true)
            epoch = entryEpoch
        }
        let key = Key(principal: record.principal, session: record.session, action: record.action)
        if let id = known[key] { return id }
        if !lastIDLoaded {
            lastID = max(lastID, try connection.scalarInt64("SELECT max(id) FROM history_actors") ?? 0)
            lastIDLoaded = true
        }
        let id = lastID + 1
        let insert = try connection.cachedStatement(
            "INSERT INTO history_actors (id, principal, session, action, until_entry) VALUES (?1, ?2, ?3, ?4, ?5)")
        try insert.reset()
        try insert.bind(id, at: 1)
        try insert.bind(record.principal, at: 2)
        try insert.bind(record.session, at: 3)
        try insert.bind(record.action, at: 4)
        try insert.bind((entryEpoch + 1) << Self.epochShift, at: 5)
        try insert.run()
        lastID = id
        known[key] = id
        pending.append(key)
        return id
    }

    /// How many inserted actors wait for a commit: the mark to forget back to.
    var pendingCount: Int { pending.count }

    /// The transaction committed: every actor inserted is stored.
    mutating func committed() {
        pending.removeAll(keepingCapacity: true)
    }

    /// What was inserted after the first `count` pending actors was rolled back.
    mutating func rolledBack(to count: Int = 0) {
        guard count < pending.count else { return }
        for key in pending[count...] { known[key] = nil }
        pending.removeSubrange(count...)
    }
}
