/// A session as storage gives it back at start: the bytes `SessionWrite`s left.
struct StoredSession: Sendable {
    /// How a stored session is looked up.
    enum Key: Sendable {
        case id(String)
        case tokenDigest([UInt8])
        /// By its token's digest, only while some instance recorded a use of it
        /// (`SessionWrite.used`) within the given time: shared storage only.
        case tokenDigestUsedWithin([UInt8], Duration)
    }

    var id: String
    var tokenDigest: [UInt8]
    var client: String
    var state: [UInt8]
    var stacks: [UInt8]
    var handlers: [UInt8]
    /// How many commands' states were stored, counted by engines shared by several instances.
    var version: Int64
    /// Undo entries by serial: name and `ChangeSetCoding` bytes.
    var entries: [Int: (name: String, changes: [UInt8])]
    /// Oldest first.
    var receipts: [IdempotencyReceipt]
}
