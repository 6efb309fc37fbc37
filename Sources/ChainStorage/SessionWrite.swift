import ChainModel

/// What one storage write changes of one session, in the same transaction as its catalog
/// writes. Built by `SessionJournal`; the engine only stores the bytes.
package struct SessionWrite: Sendable {
    package enum Kind: Sendable {
        /// A new session: its token's digest, creating address and principal are stored once.
        case create(tokenDigest: [UInt8], client: String, principal: Principal)
        case update
        /// The session ended: everything stored for it goes.
        case delete
    }

    /// An undo entry stored once, under its serial, and named by it from then on.
    package struct Entry: Sendable {
        package var serial: Int
        package var name: String
        /// `ChangeSetCoding`'s bytes.
        package var changes: [UInt8]

        package init(serial: Int, name: String, changes: [UInt8]) {
            self.serial = serial
            self.name = name
            self.changes = changes
        }
    }

    // No stored property has an initial value, and the optional ones that need releasing are
    // spelled `Optional<…>` (a `var` of type `T?` is implicitly `= nil`): with one, the
    // initializer, called from other modules and so not inlined, built the value, copied it
    // whole into its result and destroyed the original.
    package var id: String
    package var kind: Kind
    /// `SessionStateCoding`'s bytes of the session's state and of its undo stacks; `nil`
    /// leaves them as stored.
    package var state: Optional<[UInt8]>
    package var stacks: Optional<[UInt8]>
    /// The remote handlers' record (`RemoteHandlerCoding`); `nil` leaves it as stored.
    package var handlers: Optional<[UInt8]>
    package var addedEntries: [Entry]
    /// Serials of entries no stack names any more, as runs.
    package var removedEntries: [ClosedRange<Int>]
    /// For a command's new state: the version of the stored state it was computed from. An
    /// engine shared by several instances refuses the write (`CatalogStoreError.conflict`)
    /// when the stored version is another, and counts the new one.
    package var expectedVersion: Int64?
    /// The session was used on this instance: storage shared by several instances records
    /// when (`last_used`), so that another instance, which saw no use, does not expire it.
    /// Storage only this instance writes has nobody to tell and ignores it.
    package var used: Bool
    /// For an expiry's delete: refused (`CatalogStoreError.conflict`) when any instance
    /// recorded a use (`used`) less than this long ago. Ignored where `used` is.
    package var unusedFor: Duration?
    package var receipt: Optional<IdempotencyReceipt>
    /// Receipts past `IdempotencyReceipt.perSession`, dropped as this one is added.
    package var droppedReceipts: [String]

    package init(
        id: String, kind: Kind, state: [UInt8]? = nil, stacks: [UInt8]? = nil, handlers: [UInt8]? = nil,
        addedEntries: [Entry] = [], removedEntries: [ClosedRange<Int>] = [], expectedVersion: Int64? = nil,
        used: Bool = false, unusedFor: Duration? = nil, receipt: IdempotencyReceipt? = nil,
        droppedReceipts: [String] = []
    ) {
        self.id = id
        self.kind = kind
        self.state = state
        self.stacks = stacks
        self.handlers = handlers
        self.addedEntries = addedEntries
        self.removedEntries = removedEntries
        self.expectedVersion = expectedVersion
        self.used = used
        self.unusedFor = unusedFor
        self.receipt = receipt
        self.droppedReceipts = droppedReceipts
    }
}
