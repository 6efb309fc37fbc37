import ChainModel
import ChainStorage

extension PostgresCatalogStore {
    package func history(of image: ImageID, limit: Int, before: Int64?) throws -> [HistoryEntry] {
        guard limit > 0 else { return [] }
        return try read { try PostgresHistoryRows.history(of: image, limit: limit, before: before, on: $0) }
    }

    package func lastEditor(of image: ImageID, _ attribute: Attribute) throws -> String? {
        try read { try PostgresHistoryRows.lastEditor(of: image, attribute, on: $0) }
    }

    /// On the writer, in a transaction of its own between groups; instances sharing the
    /// database may prune the same range, which deletes nothing the second time.
    package func pruneHistory(_ retention: HistoryRetention, images: ClosedRange<Int64>, now: Int64) throws -> Int {
        try writer.transaction { try PostgresHistoryRows.prune(retention, images: images, now: now, on: $0) }
    }
}
