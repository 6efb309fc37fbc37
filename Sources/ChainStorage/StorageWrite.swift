import ChainModel

/// One batch for storage to commit atomically: a command's catalog writes and what it
/// changed of its session. Either part may be empty.
package struct StorageWrite: Sendable {
    package var changes: ChangeSet
    /// Spelled `Optional<…>`, not `SessionWrite?`: a `var` of type `T?` is implicitly `= nil`,
    /// and with it the initializer (not inlined into other modules) built the value, copied it
    /// whole into its result and destroyed the original.
    package var session: Optional<SessionWrite>
    /// The commit-log position (`CommitFollower`) of the mirror the changes were computed
    /// from: an engine shared by several instances refuses them (`CatalogStoreError.conflict`)
    /// when another instance has since committed to one of their images. `nil`: as of the
    /// writer's own position.
    package var readPosition: Int64?
    /// Who made the changes, and each image's values before and after: stored in the same
    /// transaction (`HistoryStorage`). `nil` records nothing.
    package var history: Optional<HistoryRecord>

    package init(changes: ChangeSet = ChangeSet(), session: SessionWrite? = nil, readPosition: Int64? = nil, history: HistoryRecord? = nil) {
        self.changes = changes
        self.session = session
        self.readPosition = readPosition
        self.history = history
    }
}
