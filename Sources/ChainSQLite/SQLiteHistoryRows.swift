import ChainModel
import ChainStorage

/// The history's rows in SQLite (`CatalogSchema` v7): written by the writer in the
/// transaction of the change they record, folded into the per-image index, read and pruned
/// by `SQLiteCatalogStore`.
package enum SQLiteHistoryRows {
    /// One row per image into `history_log`, from one cached statement; `entry` is the serial
    /// the writer gives it and `actor` its interned who (`SQLiteHistoryActors`).
    static func insert(_ record: HistoryRecord, entry: Int64, actor: Int64, on connection: SQLiteConnection) throws {
        let row = try connection.cachedStatement(
            "INSERT INTO history_log (entry, image, before, after, actor, time_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        for index in record.images.indices {
            try row.reset()
            try row.bind(entry, at: 1)
            try row.bind(record.images[index], at: 2)
            try row.bind(record.before[index], at: 3)
            try row.bind(record.after[index], at: 4)
            try row.bind(actor, at: 5)
            try row.bind(record.time, at: 6)
            try row.run()
        }
    }

    /// The highest entry serial stored or folded.
    static func lastEntry(on connection: SQLiteConnection) throws -> Int64 {
        try connection.scalarInt64(
            "SELECT max(coalesce((SELECT max(entry) FROM history_log), 0), coalesce((SELECT entry FROM history_folded), 0))") ?? 0
    }

    /// The last entry whose rows the index holds.
    private static let folded = "coalesce((SELECT entry FROM history_folded), 0)"

    static func history(of image: ImageID, limit: Int, before: Int64?, on connection: SQLiteConnection) throws -> [HistoryEntry] {
        // The log's rows past the fold, then the index's: newest first, each part a range.
        let statement = try connection.cachedStatement(
            """
            SELECT l.entry, a.principal, a.session, a.action, l.time_ms, l.before, l.after FROM (
                SELECT entry FROM (
                    SELECT entry FROM history_log WHERE entry > \(folded) AND entry < ?2 AND image = ?1
                    UNION ALL SELECT entry FROM history_by_image WHERE image = ?1 AND entry < ?2
                ) ORDER BY entry DESC LIMIT ?3
            ) v JOIN history_log l ON l.entry = v.entry AND l.image = ?1 LEFT JOIN history_actors a ON a.id = l.actor
            ORDER BY l.entry DESC
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

    /// The newest row past the fold that set the attribute, else the index's newest: each
    /// query stops at its first match.
    static func lastEditor(of image: ImageID, _ attribute: Attribute, on connection: SQLiteConnection) throws -> String? {
        for sql in [
            """
            SELECT a.principal FROM history_log l LEFT JOIN history_actors a ON a.id = l.actor
            WHERE l.entry > \(folded) AND l.image = ?1 AND (l.after >> ?2) & 255 <> 0 ORDER BY l.entry DESC LIMIT 1
            """,
            """
            SELECT a.principal FROM history_by_image i JOIN history_log l ON l.entry = i.entry AND l.image = i.image
            LEFT JOIN history_actors a ON a.id = l.actor
            WHERE i.image = ?1 AND (l.after >> ?2) & 255 <> 0 ORDER BY i.entry DESC LIMIT 1
            """,
        ] {
            let statement = try connection.cachedStatement(sql)
            try statement.bind(image.rawValue, at: 1)
            try statement.bind(8 * attribute.slot, at: 2)
            if let found = try statement.rows({ $0.text(at: 0) }).first { return found }
        }
        return nil
    }

    /// Entries older than the retention's days go, from the oldest `HistoryPruning.entriesPerStep`
    /// rows only (serials rise with time), and with the first range the actors no entry kept
    /// uses; then, of the images in `images`, index rows older than every row kept, and each
    /// image's rows past its newest `perImage`, from the log and the index. Returns the log
    /// rows deleted and the index rows that had lost theirs.
    static func prune(_ retention: HistoryRetention, images: ClosedRange<Int64>, now: Int64, on connection: SQLiteConnection) throws -> Int {
        // What is pruned per image is found through the index: the log's rows go there first.
        _ = try fold(on: connection)
        try connection.executeCached(
            """
            DELETE FROM history_log WHERE time_ms < ?1 AND entry <= (
                SELECT max(entry) FROM (SELECT entry, time_ms FROM history_log ORDER BY entry LIMIT ?2) WHERE time_ms < ?1)
            """
        ) { statement in
            try statement.bind(now - Int64(retention.days) * 86_400_000, at: 1)
            try statement.bind(HistoryPruning.entriesPerStep, at: 2)
        }
        var deleted = connection.changes
        if images.lowerBound <= 1 {
            try connection.executeCached("DELETE FROM history_actors WHERE until_entry <= (SELECT min(entry) FROM history_log)")
        }
        try connection.executeCached(
            """
            DELETE FROM history_by_image WHERE image BETWEEN ?1 AND ?2
                AND entry < (SELECT coalesce(min(entry), 9223372036854775807) FROM history_log)
            """
        ) { statement in
            try statement.bind(images.lowerBound, at: 1)
            try statement.bind(images.upperBound, at: 2)
        }
        deleted += connection.changes
        let over = try connection.cachedStatement(
            "SELECT image FROM history_by_image WHERE image BETWEEN ?1 AND ?2 GROUP BY image HAVING count(*) > ?3")
        try over.bind(images.lowerBound, at: 1)
        try over.bind(images.upperBound, at: 2)
        try over.bind(retention.perImage, at: 3)
        for image in try over.rows({ $0.int64(at: 0) }) {
            guard let oldestKept = try connection.scalarInt64(
                "SELECT entry FROM history_by_image WHERE image = ?1 ORDER BY entry DESC LIMIT 1 OFFSET ?2",
                bind: { statement in
                    try statement.bind(image, at: 1)
                    try statement.bind(retention.perImage - 1, at: 2)
                })
            else { continue }
            let bind = { (statement: SQLiteStatement) in
                try statement.bind(image, at: 1)
                try statement.bind(oldestKept, at: 2)
            }
            try connection.executeCached(
                "DELETE FROM history_log WHERE image = ?1 AND entry IN (SELECT entry FROM history_by_image WHERE image = ?1 AND entry < ?2)",
                bind: bind)
            deleted += connection.changes
            try connection.executeCached("DELETE FROM history_by_image WHERE image = ?1 AND entry < ?2", bind: bind)
        }
        return deleted
    }

    /// Indexes the log's rows past the fold by image, up to `HistoryPruning.rowsPerFold` of
    /// them (and the rest of the last entry they reach), in image order so that each image's
    /// are appended together, and moves the fold past them. Returns the rows indexed.
    static func fold(on connection: SQLiteConnection) throws -> Int {
        guard let last = try connection.scalarInt64(
            "SELECT max(entry) FROM (SELECT entry FROM history_log WHERE entry > \(folded) ORDER BY entry LIMIT ?1)",
            bind: { try $0.bind(HistoryPruning.rowsPerFold, at: 1) })
        else { return 0 }
        try connection.executeCached(
            """
            INSERT OR IGNORE INTO history_by_image (image, entry)
            SELECT image, entry FROM history_log WHERE entry > \(folded) AND entry <= ?1 ORDER BY image, entry
            """
        ) { try $0.bind(last, at: 1) }
        let indexed = connection.changes
        try connection.executeCached("INSERT OR REPLACE INTO history_folded (id, entry) VALUES (1, ?1)") { try $0.bind(last, at: 1) }
        return indexed
    }
}
