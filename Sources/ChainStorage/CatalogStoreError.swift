/// Failures of the durable catalog that mean something beyond "SQLite said no".
package enum CatalogStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The store was closed; writes and reads after `close()` end here.
    case closed
    /// The file was written by a newer build: migrating it down is not something we can do.
    case schemaTooNew(path: String, found: Int, supported: Int)
    /// SQLite kept another journal mode (for example on a file system without shared memory).
    case walUnavailable(path: String, mode: String)
    /// A row breaks an invariant the schema should enforce; the file was edited by hand or is damaged.
    case corruptRow(id: Int64, reason: String)
    /// The import source is not a directory we can walk.
    case notADirectory(path: String)
    /// An earlier write failed and this one, queued behind it, was not attempted: it may
    /// have been computed from the values that failed (an increase of a failed set).
    case precedingWriteFailed
    /// An attribute the store has no column for: the model and the schema disagree.
    case unknownAttribute(String)
    /// A stored session cannot be read back: the file was edited by hand or is damaged.
    case corruptSession(id: String, reason: String)
    /// Another instance sharing the database committed to one of the write's images after
    /// the values it was computed from: it was not stored, and is computed again once the
    /// mirror has followed (`CommandRunner` does, unseen by the client).
    case conflict
    /// `keys add` of a name some key (in force or revoked) already has.
    case keyNameTaken(String)

    package var description: String {
        switch self {
        case .closed:
            return "the catalog store is closed"
        case let .schemaTooNew(path, found, supported):
            return "\(path) has catalog schema version \(found), but this build supports up to "
                + "version \(supported); use a newer chain-server or another catalog directory"
        case let .walUnavailable(path, mode):
            return "\(path) could not be switched to WAL journaling (journal mode is \(mode))"
        case let .corruptRow(id, reason):
            return "catalog row \(id) is invalid: \(reason)"
        case let .keyNameTaken(name):
            return "a key named \(name) exists already (revoked names are not given out again); choose another name"
        case let .notADirectory(path):
            return "\(path) is not a directory"
        case let .unknownAttribute(name):
            return "the catalog stores no attribute \(name)"
        case let .corruptSession(id, reason):
            return "stored session \(id) is invalid: \(reason)"
        case .conflict:
            return "another instance changed these images after this write read them"
        case .precedingWriteFailed:
            return "an earlier catalog write failed, so this one, queued behind it, was not attempted"
        }
    }
}
