import ChainModel

/// A session as storage gives it back at start: the bytes `SessionWrite`s left.
package struct StoredSession: Sendable {
    /// How a stored session is looked up.
    package enum Key: Sendable {
        case id(String)
        case tokenDigest([UInt8])
        /// By its token's digest, only while some instance recorded a use of it
        /// (`SessionWrite.used`) within the given time: shared storage only.
        case tokenDigestUsedWithin([UInt8], Duration)
    }

    package var id: String
    package var tokenDigest: [UInt8]
    package var client: String
    /// Who the session acts for, as it was created.
    package var principal: Principal
    package var state: [UInt8]
    package var stacks: [UInt8]
    package var handlers: [UInt8]
    /// How many commands' states were stored, counted by engines shared by several instances.
    package var version: Int64
    /// Undo entries by serial: name and `ChangeSetCoding` bytes.
    package var entries: [Int: (name: String, changes: [UInt8])]
    /// Oldest first.
    package var receipts: [IdempotencyReceipt]

    package init(
        id: String, tokenDigest: [UInt8], client: String, principal: Principal = .anonymous, state: [UInt8], stacks: [UInt8], handlers: [UInt8],
        version: Int64, entries: [Int: (name: String, changes: [UInt8])], receipts: [IdempotencyReceipt]
    ) {
        self.id = id
        self.tokenDigest = tokenDigest
        self.client = client
        self.principal = principal
        self.state = state
        self.stacks = stacks
        self.handlers = handlers
        self.version = version
        self.entries = entries
        self.receipts = receipts
    }
}
