import ChainModel
import ChainStorage

/// The history's rows on PostgreSQL (`PostgresSchema` v9): one statement adds an entry and
/// its images' rows, so it rides in the group's pipeline like the catalog's writes.
package enum PostgresHistoryRows {
    static func insert(_ record: HistoryRecord) -> PostgresConnection.Statement {
        PostgresConnection.Statement(
            """
            WITH entry AS (
                INSERT INTO history_entries (principal, session, action, time_ms) VALUES ($1, $2, $3, $4) RETURNING id
            )
            INSERT INTO history_values (image, entry, before, after)
            SELECT v.image, entry.id, v.before, v.after FROM entry, unnest($5::int8[], $6::int8[], $7::int8[]) AS v(image, before, after)
            """,
            [.text(record.principal), .text(record.session), .text(record.action), .int(record.time),
             .array(record.images), .array(record.before), .array(record.after)])
    }

    static func history(of image: ImageID, limit: Int, before: Int64?, on connection: PostgresConnection) throws -> [HistoryEntry] {
        let result = try connection.query(
            """
            SELECT e.id, e.principal, e.session, e.action, e.time_ms, v.before, v.after
            FROM history_values v JOIN history_entries e ON e.id = v.entry
            WHERE v.image = $1 AND v.entry < $2 ORDER BY v.entry DESC LIMIT $3
            """, [.int(image.rawValue), .int(before ?? .max), .int(limit)])
        return (0..<result.rowCount).map { row in
            HistoryEntry(
                serial: result.int64(row, 0), principal: result.text(row, 1) ?? "", session: result.text(row, 2) ?? "",
                action: result.text(row, 3) ?? "", time: result.int64(row, 4),
                before: HistoryValues.unpack(result.int64(row, 5)), after: HistoryValues.unpack(result.int64(row, 6)))
        }
    }

    static func lastEditor(of image: ImageID, _ attribute: Attribute, on connection: PostgresConnection) throws -> String? {
        let result = try connection.query(
            """
            SELECT e.principal FROM history_values v JOIN history_entries e ON e.id = v.entry
            WHERE v.image = $1 AND (v.after >> $2::int) & 255 <> 0 ORDER BY v.entry DESC LIMIT 1
            """, [.int(image.rawValue), .int(8 * attribute.slot)])
        return result.rowCount > 0 ? result.text(0, 0) : nil
    }

    /// As `SQLiteHistoryRows.prune`.
    static func prune(_ retention: HistoryRetention, images: ClosedRange<Int64>, now: Int64, on connection: PostgresConnection) throws -> Int {
        let entries = try connection.query(
            """
            WITH gone AS (
                DELETE FROM history_entries WHERE id IN (
                    SELECT id FROM (SELECT id, time_ms FROM history_entries ORDER BY id LIMIT $2) oldest WHERE time_ms < $1)
                RETURNING 1
            ) SELECT count(*) FROM gone
            """, [.int(now - Int64(retention.days) * 86_400_000), .int(HistoryPruning.entriesPerStep)])
        let rows = try connection.query(
            """
            WITH capped AS (
                SELECT image FROM history_values WHERE image BETWEEN $1 AND $2 GROUP BY image HAVING count(*) > $3
            ), cutoff AS (
                SELECT c.image, (SELECT h.entry FROM history_values h WHERE h.image = c.image
                                 ORDER BY h.entry DESC LIMIT 1 OFFSET $3 - 1) AS entry FROM capped c
            ), gone AS (
                DELETE FROM history_values v WHERE v.image BETWEEN $1 AND $2 AND (
                    v.entry < (SELECT coalesce(min(id), 9223372036854775807) FROM history_entries)
                    OR v.entry < (SELECT cutoff.entry FROM cutoff WHERE cutoff.image = v.image))
                RETURNING 1
            ) SELECT count(*) FROM gone
            """, [.int(images.lowerBound), .int(images.upperBound), .int(retention.perImage)])
        return entries.int(0, 0) + rows.int(0, 0)
    }
}
