/// What a command request asks of its turn beyond performing: `If-Match` on the session's
/// version, and `Idempotency-Key`.
struct CommandConditions: Sendable {
    /// Whether the session's version (as clients see it) is one the request accepts; `nil`
    /// accepts any (no `If-Match`).
    var versionMatches: (@Sendable (Int) -> Bool)?
    var idempotency: Idempotency?

    struct Idempotency: Sendable {
        var key: String
        /// Digest of the request (`IdempotencyReceipt.fingerprint`).
        var fingerprint: [UInt8]
        /// The answer the route gives for an ending: what the receipt keeps to replay.
        var answer: @Sendable (CommandRunner.Ending) -> StoredAnswer
    }

    static let none = CommandConditions()
}
