import ChainModel

/// The catalog's history, as both engines keep it beside the writes that record it
/// (`StorageWrite.history`).
package protocol HistoryStorage: Sendable {
    /// `image`'s entries newest first: at most `limit`, those older than the entry `serial`
    /// `before` when given.
    func history(of image: ImageID, limit: Int, before: Int64?) throws -> [HistoryEntry]

    /// The principal of the newest entry that set `attribute` of `image`; `nil` when none is kept.
    func lastEditor(of image: ImageID, _ attribute: Attribute) throws -> String?

    /// Drops what `retention` no longer keeps of the images with ids in `images`, and entries
    /// older than its days; returns how many rows went. Bounded work, for a background task
    /// that sweeps the ids a range at a time.
    func pruneHistory(_ retention: HistoryRetention, images: ClosedRange<Int64>, now: Int64) throws -> Int

    /// Indexes by image the rows written since the last fold, when the engine writes them by
    /// entry first (SQLite: `history_log`, indexed in `history_by_image`); returns the rows
    /// indexed. Reads see them either way.
    func foldHistory() throws -> Int
}

extension HistoryStorage {
    /// Writes every row in its place at once.
    package func foldHistory() throws -> Int { 0 }
}
