import ChainModel
import ChainStorage

/// The history's rows in SQLite (`CatalogSchema` v5): written by the writer in the
/// transaction of the change they record, read and pruned by `SQLiteCatalogStore`.
package enum SQLiteHistoryRows {
    /// One entry, then one row per image, each from a cached statement.
    static func insert(_ record: HistoryRecord, on connection: SQLiteConnection) throws {
        let entry = try connection.cachedStatement(
            "INSERT INTO history_entries (principal, session, action, time_ms) VALUES (?1, ?2, ?3, ?4)")
        try entry.reset()
        try entry.bind(record.principal, at: 1)
        try entry.bind(record.session, at: 2)
        try entry.bind(record.action, at: 3)
        try entry.bind(record.time, at: 4)
        try entry.run()
        let serial = connection.lastInsertRowID
        let row = try connection.cachedStatement("INSERT INTO history_recent (entry, image, before, after) VALUES (?2, ?1, ?3, ?4)")
        for index in record.images.indices {
            try row.reset()
            try row.bind(record.images[index], at: 1)
            try row.bind(serial, at: 2)
            try row.bind(record.before[index], at: 3)
            try row.bind(record.after[index], at: 4)
            try row.run()
        }
    }

    static func history(of image: ImageID, limit: Int, before: Int64?, on connection: SQLiteConnection) throws -> [HistoryEntry] {
        let statement = try connection.cachedStatement(
            """
            SELECT e.id, e.principal, e.session, e.action, e.time_ms, v.before, v.after
            FROM (
                SELECT entry, before, after FROM history_values WHERE image = ?1 AND entry < ?2
                UNION ALL SELECT entry, before, after FROM history_recent WHERE image = ?1 AND entry < ?2
            ) v JOIN history_entries e ON e.id = v.entry
            ORDER BY v.entry DESC LIMIT ?3
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
            SELECT e.principal FROM (
                SELECT entry, after FROM history_values WHERE image = ?1
                UNION ALL SELECT entry, after FROM history_recent WHERE image = ?1
            ) v JOIN history_entries e ON e.id = v.entry
            WHERE (v.after >> ?2) & 255 <> 0 ORDER BY v.entry DESC LIMIT 1
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

    /// Moves the oldest recent rows, up to `HistoryPruning.rowsPerFold` (and the rest of the
    /// last entry they reach), into `history_values`, in image order so that each image's
    /// rows are appended together. Returns the rows moved.
    static func fold(on connection: SQLiteConnection) throws -> Int {
        guard let last = try connection.scalarInt64(
            "SELECT max(entry) FROM (SELECT entry FROM history_recent ORDER BY entry LIMIT ?1)", bind: { try $0.bind(HistoryPruning.rowsPerFold, at: 1) })
        else { return 0 }
        try connection.executeCached(
            """
            INSERT OR REPLACE INTO history_values (image, entry, before, after)
            SELECT image, entry, before, after FROM history_recent WHERE entry <= ?1 ORDER BY image, entry
            """
        ) { try $0.bind(last, at: 1) }
        try connection.executeCached("DELETE FROM history_recent WHERE entry <= ?1") { try $0.bind(last, at: 1) }
        return connection.changes
    }
}
