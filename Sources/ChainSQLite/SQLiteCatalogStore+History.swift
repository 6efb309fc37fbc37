import ChainModel
import ChainStorage

extension SQLiteCatalogStore {
    package func history(of image: ImageID, limit: Int, before: Int64?) throws -> [HistoryEntry] {
        guard limit > 0 else { return [] }
        return try readers.read { try SQLiteHistoryRows.history(of: image, limit: limit, before: before, on: $0) }
    }

    package func lastEditor(of image: ImageID, _ attribute: Attribute) throws -> String? {
        try readers.read { try SQLiteHistoryRows.lastEditor(of: image, attribute, on: $0) }
    }

    /// On the writer, in a transaction of its own between groups of commands.
    package func pruneHistory(_ retention: HistoryRetention, images: ClosedRange<Int64>, now: Int64) throws -> Int {
        try writer.transaction { try SQLiteHistoryRows.prune(retention, images: images, now: now, on: $0) }
    }

    /// On the writer, in a short transaction of its own.
    package func foldHistory() throws -> Int {
        try writer.transaction { try SQLiteHistoryRows.fold(on: $0) }
    }
}
