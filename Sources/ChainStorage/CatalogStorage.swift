import ChainModel

/// What the server needs from durable storage, whatever the engine behind it: the seam a
/// second engine implements: `SQLiteCatalogStore` (the embedded default) and
/// `PostgresCatalogStore` (several instances on one database).
///
/// The contract every implementation keeps:
/// - `write` returns at once; `completion` runs exactly once, after the batch (its catalog
///   writes and its session write, atomically) is durable (per the configured `Durability`)
///   or known not to be, and completions run in the order the batches were queued. A batch
///   with catalog writes whose `stillValid` answers `false` when its turn comes, or queued
///   in one commit behind a failed one with catalog writes, is failed unattempted with
///   `CatalogStoreError.precedingWriteFailed`; a batch with no catalog writes depends on none.
/// - Batches queued together may share one commit (group commit); one failing batch
///   does not fail the batches before it.
/// - Writes to images the catalog does not hold change nothing.
/// - After `close()`, writes complete with `CatalogStoreError.closed` and reads throw it.
package protocol CatalogStorage: HistoryStorage, AnyObject {
    /// Every image's attribute values: what the in-memory mirror starts from.
    func loadAttributes() throws -> AttributeColumns

    /// Every image's attribute values with the commit-log position they are as of: what a
    /// mirror that follows other instances (`follower`) starts from.
    func loadFollowedCatalog() throws -> FollowedCatalog

    /// Every stored session, as `SessionWrite`s left them.
    func loadSessions() throws -> [StoredSession]

    /// Whether other instances write to the same storage, so sessions and values this one
    /// holds may change under it (PostgreSQL). Otherwise what it holds is all there is.
    var isShared: Bool { get }

    /// One stored session, as another instance may have left it; `nil` when none is stored.
    /// Asked only of shared storage.
    func loadSession(_ key: StoredSession.Key) throws -> StoredSession?

    func write(
        _ write: StorageWrite, stillValid: (@Sendable () -> Bool)?,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    )

    /// Takes the next place in the write queue now, for a batch made later
    /// (`StorageReservation`): it keeps the order `write` would have had here. The writes
    /// queued behind the place wait until it is filled.
    func reserveWrite() -> StorageReservation

    /// One page of the images `query` selects, in id order.
    func images(_ query: ImageQuery) throws -> [Image]
    func image(_ id: ImageID) throws -> Image?
    /// The images `ids` name, in that order; ids storage lacks are left out. One read for
    /// them all: a page of a sorted working set names ids no range query covers.
    func images(ids: [ImageID]) throws -> [Image]
    /// The highest image id, or `nil` for an empty catalog.
    func lastImageID() throws -> ImageID?

    /// Adds `records`, skipping any whose `path` is already stored; returns how many were new.
    func insert(_ records: [ImageRecord]) throws -> Int
    /// Fills an empty catalog with `count` demo images; returns how many it added. With
    /// `picturesDirectory`, image `n`'s path is `<picturesDirectory>/demo-<n>.jpg` (see `DemoPictures`).
    func seedDemoCatalogIfEmpty(count: Int, picturesDirectory: String?) throws -> Int

    /// Called after each commit that wrote catalog values, with the batches that wrote them
    /// and the writes in those that succeeded. Set it before the first write; keep it quick.
    var onCommit: (@Sendable (_ batches: Int, _ rows: Int) -> Void)? { get set }

    /// Handed other instances' commits to the same database, in commit order, on the writer
    /// thread. Set it before the first write.
    var follower: CommitFollower? { get set }

    /// What carries remote-handler calls to other instances' event streams and back; `nil`
    /// for storage no other instance shares.
    var callRelay: (any CallRelay)? { get }

    /// Adds an API key; `CatalogStoreError.keyNameTaken` when a key (in force or revoked)
    /// already has its name: a revoked name stays revoked, so its sessions never come back.
    func addKey(_ key: StoredKey) throws
    /// Every key, revoked or not, by name.
    func listKeys() throws -> [StoredKey]
    /// Revokes the key named `name` at `time` and deletes the stored sessions of its
    /// principal, in one transaction, telling other instances sharing the storage
    /// (`watchRevocations`); `false` when no key in force has that name.
    func revokeKey(named name: String, at time: String) throws -> Bool
    /// The key in force whose digest is `digest`, if any.
    func activeKey(digest: [UInt8]) throws -> StoredKey?
    /// The names of revoked keys: what a running server compares to end their sessions.
    func revokedKeyNames() throws -> Set<String>
    /// Calls `onRevoked` whenever another process revokes a key, when the engine can tell
    /// (PostgreSQL's notifications); `false` when it cannot, and the caller polls
    /// `revokedKeyNames` instead.
    func watchRevocations(_ onRevoked: @escaping @Sendable () -> Void) -> Bool

    /// Commits and completes every queued batch, then releases the engine. Idempotent.
    func close()
}

extension CatalogStorage {
    package var isShared: Bool { false }

    package func watchRevocations(_ onRevoked: @escaping @Sendable () -> Void) -> Bool { false }

    package var callRelay: (any CallRelay)? { nil }

    /// Storage only this instance writes holds no session it does not have already.
    package func loadSession(_ key: StoredSession.Key) throws -> StoredSession? { nil }

    /// An engine no other instance writes to is at position 0 forever.
    package func loadFollowedCatalog() throws -> FollowedCatalog {
        FollowedCatalog(columns: try loadAttributes(), position: 0)
    }
}
