import ChainModel

/// How an instance's mirror follows what other instances sharing its database commit: the
/// writer hands it their commits in commit order, between its own groups.
///
/// A position is a place in the database's commit log (`catalog_log` on PostgreSQL): every
/// commit that wrote catalog values has the next one. An engine with no other writers
/// (SQLite) never calls it.
package struct CommitFollower: Sendable {
    /// The position of the last commit the mirror has taken in.
    package let position: @Sendable () -> Int64
    /// Another instance's commit at `position`, handed over in commit order: its catalog
    /// changes, and the sessions whose state it changed or ended. This instance's own
    /// commits come as positions only (no changes, no sessions).
    package let apply: @Sendable (_ changes: ChangeSet, _ sessions: [String], _ position: Int64) -> Void
    /// This instance's own commit took `positions` (consecutive, as one transaction takes
    /// them): the mirror has its changes already, so when it has followed up to just before
    /// them, its position moves past them.
    package let advance: @Sendable (_ positions: ClosedRange<Int64>) -> Void
    /// The mirror fell behind what the log still holds: every value, as of `position`.
    package let reload: @Sendable (_ columns: AttributeColumns, _ position: Int64) -> Void
    /// Another process added images at `position` (an import): their ids and values.
    package let added: @Sendable (_ images: [(ImageID, AttributeValues)], _ position: Int64) -> Void

    package init(
        position: @escaping @Sendable () -> Int64,
        apply: @escaping @Sendable (_ changes: ChangeSet, _ sessions: [String], _ position: Int64) -> Void,
        advance: @escaping @Sendable (_ positions: ClosedRange<Int64>) -> Void,
        reload: @escaping @Sendable (_ columns: AttributeColumns, _ position: Int64) -> Void,
        added: @escaping @Sendable (_ images: [(ImageID, AttributeValues)], _ position: Int64) -> Void
    ) {
        self.position = position
        self.apply = apply
        self.advance = advance
        self.reload = reload
        self.added = added
    }
}
