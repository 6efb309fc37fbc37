/// The answer to one request. Headers keep their order and may repeat (e.g. `Set-Cookie`),
/// which a dictionary could not express.
package struct HTTPResponse: Sendable, Equatable {
    /// One response header field.
    package struct Header: Sendable, Equatable {
        package var name: String
        package var value: String

        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The status code; values outside 200...599 are answered as 500 by the HTTP layer.
    package var status: Int
    package var headers: [Header]
    package var body: [UInt8]
    /// Set for a body written over time (server-sent events): `body` is then ignored and the
    /// connection stays open until the stream finishes or the client leaves.
    package var stream: HTTPStream?
    /// Runs on libmicrohttpd's thread once the response is queued; not part of the message,
    /// so responses compare equal without it.
    package var onQueued: (any HTTPQueuedObserver)?

    package init(status: Int, headers: [Header] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A streamed answer of `contentType` whose bytes `stream` supplies.
    package init(status: Int, contentType: String, stream: HTTPStream) {
        self.init(status: status, headers: [Header(name: "Content-Type", value: contentType)])
        self.stream = stream
    }

    /// A response whose body has the given media type, the common case for handlers.
    package init(status: Int, contentType: String, body: [UInt8]) {
        self.init(status: status, headers: [Header(name: "Content-Type", value: contentType)], body: body)
    }

    /// A response with a UTF-8 text body of the given media type.
    package init(status: Int, contentType: String, text: String) {
        self.init(status: status, contentType: contentType, body: Array(text.utf8))
    }

    package static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
        lhs.status == rhs.status && lhs.headers == rhs.headers && lhs.body == rhs.body && lhs.stream === rhs.stream
    }

    /// The first value of the named header, compared without regard to letter case.
    package func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }
}
