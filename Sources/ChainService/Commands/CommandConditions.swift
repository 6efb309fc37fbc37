import ChainStorage

/// What a command request asks of its turn beyond performing: `If-Match` on the session's
/// version, and `Idempotency-Key`.
package struct CommandConditions: Sendable {
    /// Whether the session's version (as clients see it) is one the request accepts; `nil`
    /// accepts any (no `If-Match`).
    package var versionMatches: (@Sendable (Int) -> Bool)?
    package var idempotency: Idempotency?

    package init(versionMatches: (@Sendable (Int) -> Bool)? = nil, idempotency: Idempotency? = nil) {
        self.versionMatches = versionMatches
        self.idempotency = idempotency
    }

    package struct Idempotency: Sendable {
        package var key: String
        /// Digest of the request (`IdempotencyReceipt.fingerprint`).
        package var fingerprint: [UInt8]

        package init(key: String, fingerprint: [UInt8]) {
            self.key = key
            self.fingerprint = fingerprint
        }
    }

    package static let none = CommandConditions()
}
