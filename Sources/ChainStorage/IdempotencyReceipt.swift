/// What `Idempotency-Key` records: the key, a digest of the request it came with, and the
/// answer given, stored in the same transaction as the command's writes so a retry after a
/// crash finds it exactly when the command's writes committed.
package struct IdempotencyReceipt: Sendable, Equatable {
    /// How many receipts one session keeps; the oldest go first.
    package static let perSession = 256

    package var key: String
    /// SHA-256 of the request's method, target and body: a repeat with another body is a
    /// different request reusing the key.
    package var fingerprint: [UInt8]
    package var answer: StoredAnswer

    package init(key: String, fingerprint: [UInt8], answer: StoredAnswer) {
        self.key = key
        self.fingerprint = fingerprint
        self.answer = answer
    }
}
