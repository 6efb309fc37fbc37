/// An answer as an idempotency receipt keeps it, to send again byte for byte.
struct StoredAnswer: Sendable, Equatable {
    var status: Int
    var contentType: String
    var body: [UInt8]
}
