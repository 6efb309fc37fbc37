import ChainModel
import ChainStorage

/// One commit-log entry (`chain_log`, see `PostgresSchema`) being gathered: the batches it
/// covers, their catalog changes in order, the images those write, the sessions whose state
/// a command changed, whose remote handlers changed or that ended, and the oldest position
/// the batches were computed at.
///
/// A group written in one go logs one entry for all its batches; the careful path logs one
/// per batch, so a conflict fails only the batch that has it.
package struct PostgresLogEntry {
    package static let sql = "SELECT chain_log($1, $2, $3::int8multirange, $4, $5::text[])"

    package private(set) var changes = ChangeSet()
    package private(set) var sessions: [String] = []
    /// The runs of every image written, as multirange text items.
    private var images: [String] = []
    /// The oldest read position of the batches; `Int64.max` checks against nothing (a write
    /// not computed from the mirror).
    private var readAt = Int64.max

    /// Nothing for other instances to follow (new sessions, receipts alone).
    package var isEmpty: Bool { changes.isEmpty && sessions.isEmpty }

    package mutating func add(_ write: StorageWrite) {
        var logged = !write.changes.isEmpty
        if let change = write.session {
            let named: Bool
            switch change.kind {
            case .delete: named = true
            case .update: named = change.expectedVersion != nil || change.handlers != nil
            default: named = false
            }
            if named {
                sessions.append(change.id)
                logged = true
            }
        }
        guard logged else { return }
        changes.append(contentsOf: write.changes)
        for segment in write.changes.segments {
            for run in segment.images.runs { images.append("[\(run.first),\(run.first + Int64(run.count)))") }
        }
        if !write.changes.isEmpty { readAt = min(readAt, write.readPosition ?? .max) }
    }

    /// The statement adding the entry for `origin`, which answers its position.
    package func statement(origin: String) -> PostgresConnection.Statement {
        PostgresConnection.Statement(Self.sql, [
            .int(readAt), .text(origin), .text("{" + images.joined(separator: ",") + "}"),
            .bytes(ChangeSetCoding.encode(changes)), .array(sessions.map(Optional.some)),
        ])
    }
}
