/// What one storage write changes of one session, in the same transaction as its catalog
/// writes. Built by `SessionJournal`; the engine only stores the bytes.
struct SessionWrite: Sendable {
    enum Kind: Sendable {
        /// A new session: its token's digest and creating address are stored once.
        case create(tokenDigest: [UInt8], client: String)
        case update
        /// The session ended: everything stored for it goes.
        case delete
    }

    /// An undo entry stored once, under its serial, and named by it from then on.
    struct Entry: Sendable {
        var serial: Int
        var name: String
        /// `ChangeSetCoding`'s bytes.
        var changes: [UInt8]
    }

    var id: String
    var kind: Kind
    /// `SessionStateCoding`'s bytes of the session's state and of its undo stacks; `nil`
    /// leaves them as stored.
    var state: [UInt8]?
    var stacks: [UInt8]?
    /// The remote handlers' record (`RemoteHandlerCoding`); `nil` leaves it as stored.
    var handlers: [UInt8]?
    var addedEntries: [Entry] = []
    /// Serials of entries no stack names any more, as runs.
    var removedEntries: [ClosedRange<Int>] = []
    /// For a command's new state: the version of the stored state it was computed from. An
    /// engine shared by several instances refuses the write (`CatalogStoreError.conflict`)
    /// when the stored version is another, and counts the new one.
    var expectedVersion: Int64?
    /// The session was used on this instance: storage shared by several instances records
    /// when (`last_used`), so that another instance, which saw no use, does not expire it.
    /// Storage only this instance writes has nobody to tell and ignores it.
    var used = false
    /// For an expiry's delete: refused (`CatalogStoreError.conflict`) when any instance
    /// recorded a use (`used`) less than this long ago. Ignored where `used` is.
    var unusedFor: Duration?
    var receipt: IdempotencyReceipt?
    /// Receipts past `IdempotencyReceipt.perSession`, dropped as this one is added.
    var droppedReceipts: [String] = []
}
