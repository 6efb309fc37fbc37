import ChainModel

/// One batch for storage to commit atomically: a command's catalog writes and what it
/// changed of its session. Either part may be empty.
struct StorageWrite: Sendable {
    var changes: ChangeSet
    var session: SessionWrite?

    init(changes: ChangeSet = ChangeSet(), session: SessionWrite? = nil) {
        self.changes = changes
        self.session = session
    }
}
