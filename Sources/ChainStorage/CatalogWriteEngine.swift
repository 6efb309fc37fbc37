/// What `CatalogWriter` needs of a storage engine's one read-write connection. Only the
/// writer thread calls it, one call at a time, so implementations need no locking.
package protocol CatalogWriteEngine: AnyObject, Sendable {
    associatedtype Connection: Sendable

    /// Opens the transaction a group of batches commits in; throws when it cannot (say, the
    /// database is unreachable), which fails the group unattempted.
    ///
    /// `careful` asks for each batch to be written when `apply` is called, and undone alone
    /// when it fails. Otherwise an engine need not undo a batch alone: it may defer the
    /// writes to `commit`, to send the group in one round trip (PostgreSQL), or write each
    /// batch with nothing to undo it by (SQLite, no savepoint). When any of them fails, at
    /// `apply` or at `commit`, it rolls the group back and throws `WriteAgainCarefully`, and
    /// the writer writes the group again, carefully.
    func begin(careful: Bool) throws
    /// Writes one batch inside the open transaction. Carefully, all or nothing: when it
    /// throws, what it wrote is undone and nothing before it, or `SavepointRollbackFailed`
    /// says the undoing failed too. Otherwise it may throw `WriteAgainCarefully`, the group
    /// rolled back.
    func apply(_ write: StorageWrite) throws
    /// After `apply` threw: whether the whole transaction went with it.
    var lostTransaction: Bool { get }
    /// Commits the open transaction; returns only once it is durable (per the configured
    /// durability), and throws only when it is known not to have committed, or not known.
    func commit() throws
    /// Rolls the open transaction back, if one is open; errors are the connection's close's to report.
    func rollback()
    /// Runs `body` in a transaction of its own: bulk work such as seeding or an import.
    func exclusive<T>(_ body: (Connection) throws -> T) throws -> T
    /// The commit-log positions the last committed group took, if it took any.
    var committedPositions: ClosedRange<Int64>? { get }
    /// Hands `follower` what other instances committed since its position, in commit order,
    /// outside any transaction. `afterConflict`: called right after a group in which a write
    /// conflicted, before that group's completions; a reload of every value waits for the
    /// next call. An engine no other instance writes to has nothing to hand.
    func follow(_ follower: CommitFollower, afterConflict: Bool) throws
    func close()
}
