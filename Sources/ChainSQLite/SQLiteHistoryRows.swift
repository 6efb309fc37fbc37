import ChainModel
import ChainStorage

/// The history's rows in SQLite (`CatalogSchema` v6): written by the writer in the
/// transaction of the change they record, read and pruned by `SQLiteCatalogStore`.
package enum SQLiteHistoryRows {
    /// The entry (as image 0) and one row per image, into `history_recent`, from one cached
    /// statement; `entry` is the serial the writer gives it (`SQLiteWriteEngine`).
    static func insert(_ record: HistoryRecord, entry: Int64, on connection: SQLiteConnection) throws {
        let row = try connection.cachedStatement(
            "INSERT INTO history_recent (entry, image, before, after, principal, session, action) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
        try row.reset()
        try row.bind(entry, at: 1)
        try row.bind(0 as Int64, at: 2)
        try row.bind(record.time, at: 3)
        try row.bind(0 as Int64, at: 4)
        try row.bind(record.principal, at: 5)
        try row.bind(record.session, at: 6)
        try row.bind(record.action, at: 7)
        try row.run()
        for index in record.images.indices {
            try row.reset()
            try row.bind(entry, at: 1)
            try row.bind(record.images[index], at: 2)
            try row.bind(record.before[index], at: 3)
            try row.bind(record.after[index], at: 4)
            try row.run()
        }
    }

    /// The highest entry serial stored, folded or not.
    static func lastEntry(on connection: SQLiteConnection) throws -> Int64 {
        try connection.scalarInt64(
            "SELECT max(coalesce((SELECT max(id) FROM history_entries), 0), coalesce((SELECT max(entry) FROM history_recent), 0))") ?? 0
    }

    /// Who, which session, which action and when of the rows `v` names, from the folded entries or the recent ones.
    private static let entryColumns = """
        v.entry, coalesce(e.principal, r.principal), coalesce(e.session, r.session), coalesce(e.action, r.action),
        coalesce(e.time_ms, r.before)
        """
    private static let entryJoins = """
        LEFT JOIN history_entries e ON e.id = v.entry LEFT JOIN history_recent r ON r.entry = v.entry AND r.image = 0
        """

    static func history(of image: ImageID, limit: Int, before: Int64?, on connection: SQLiteConnection) throws -> [HistoryEntry] {
        let statement = try connection.cachedStatement(
            """
            SELECT \(entryColumns), v.before, v.after FROM (
                SELECT entry, before, after FROM (
                    SELECT entry, before, after FROM history_values WHERE image = ?1 AND entry < ?2
                    UNION ALL SELECT entry, before, after FROM history_recent WHERE image = ?1 AND entry < ?2
                ) ORDER BY entry DESC LIMIT ?3
            ) v \(entryJoins)
            WHERE e.id IS NOT NULL OR r.entry IS NOT NULL ORDER BY v.entry DESC
            """)
        try statement.bind(image.rawValue, at: 1)
        try statement.bind(before ?? .max, at: 2)
        try statement.bind(limit, at: 3)
        return try statement.rows { row in
            HistoryEntry(
                serial: row.int64(at: 0), principal: row.text(at: 1) ?? "", session: row.text(at: 2) ?? "",
                action: row.text(at: 3) ?? "", time: row.int64(at: 4),
                before: HistoryValues.unpack(row.int64(at: 5)), after: HistoryValues.unpack(row.int64(at: 6)))
        }
    }

    static func lastEditor(of image: ImageID, _ attribute: Attribute, on connection: SQLiteConnection) throws -> String? {
        let statement = try connection.cachedStatement(
            """
            SELECT coalesce(e.principal, r.principal) FROM (
                SELECT entry FROM (
                    SELECT entry, after FROM history_values WHERE image = ?1
                    UNION ALL SELECT entry, after FROM history_recent WHERE image = ?1
                ) WHERE (after >> ?2) & 255 <> 0 ORDER BY entry DESC LIMIT 1
            ) v \(entryJoins)
            """)
        try statement.bind(image.rawValue, at: 1)
        try statement.bind(8 * attribute.slot, at: 2)
        return try statement.rows { $0.text(at: 0) }.first ?? nil
    }

    /// Entries older than the retention's days go, from the oldest `HistoryPruning.entriesPerStep`
    /// only (ids rise with time); then, of the images in `images`, rows older than every entry
    /// kept, and each image's rows past its newest `perImage`: one pass over the range's rows,
    /// then one range delete per image over its cap. Returns the rows deleted.
    static func prune(_ retention: HistoryRetention, images: ClosedRange<Int64>, now: Int64, on connection: SQLiteConnection) throws -> Int {
        // What is pruned per image is in `history_values`: the recent rows go there first.
        _ = try fold(on: connection)
        try connection.executeCached(
            """
            DELETE FROM history_entries WHERE id IN (
                SELECT id FROM (SELECT id, time_ms FROM history_entries ORDER BY id LIMIT ?2) WHERE time_ms < ?1)
            """
        ) { statement in
            try statement.bind(now - Int64(retention.days) * 86_400_000, at: 1)
            try statement.bind(HistoryPruning.entriesPerStep, at: 2)
        }
        var deleted = connection.changes
        try connection.executeCached(
            """
            DELETE FROM history_values WHERE image BETWEEN ?1 AND ?2
                AND entry < (SELECT coalesce(min(id), 9223372036854775807) FROM history_entries)
            """
        ) { statement in
            try statement.bind(images.lowerBound, at: 1)
            try statement.bind(images.upperBound, at: 2)
        }
        deleted += connection.changes
        let over = try connection.cachedStatement(
            "SELECT image FROM history_values WHERE image BETWEEN ?1 AND ?2 GROUP BY image HAVING count(*) > ?3")
        try over.bind(images.lowerBound, at: 1)
        try over.bind(images.upperBound, at: 2)
        try over.bind(retention.perImage, at: 3)
        for image in try over.rows({ $0.int64(at: 0) }) {
            try connection.executeCached(
                """
                DELETE FROM history_values WHERE image = ?1
                    AND entry < (SELECT entry FROM history_values WHERE image = ?1 ORDER BY entry DESC LIMIT 1 OFFSET ?2)
                """
            ) { statement in
                try statement.bind(image, at: 1)
                try statement.bind(retention.perImage - 1, at: 2)
            }
            deleted += connection.changes
        }
        return deleted
    }

    /// Moves the oldest recent entries, up to `HistoryPruning.rowsPerFold` rows (and the rest
    /// of the last entry they reach), into `history_entries` and `history_values`, the rows in
    /// image order so that each image's are appended together. Returns the rows moved.
    static func fold(on connection: SQLiteConnection) throws -> Int {
        guard let last = try connection.scalarInt64(
            "SELECT max(entry) FROM (SELECT entry FROM history_recent ORDER BY entry LIMIT ?1)", bind: { try $0.bind(HistoryPruning.rowsPerFold, at: 1) })
        else { return 0 }
        try connection.executeCached(
            """
            INSERT OR REPLACE INTO history_entries (id, principal, session, action, time_ms)
            SELECT entry, principal, session, action, before FROM history_recent WHERE entry <= ?1 AND image = 0
            """
        ) { try $0.bind(last, at: 1) }
        try connection.executeCached(
            """
            INSERT OR REPLACE INTO history_values (image, entry, before, after)
            SELECT image, entry, before, after FROM history_recent WHERE entry <= ?1 AND image <> 0 ORDER BY image, entry
            """
        ) { try $0.bind(last, at: 1) }
        try connection.executeCached("DELETE FROM history_recent WHERE entry <= ?1") { try $0.bind(last, at: 1) }
        return connection.changes
    }
}
