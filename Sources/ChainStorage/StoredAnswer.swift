/// An answer as an idempotency receipt keeps it, to send again byte for byte.
package struct StoredAnswer: Sendable, Equatable {
    package var status: Int
    package var contentType: String
    package var body: [UInt8]

    package init(status: Int, contentType: String, body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }
}
