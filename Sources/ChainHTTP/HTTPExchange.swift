/// What libmicrohttpd's several access-handler calls for one request share: the body as it
/// arrives and, once dispatched, the reply slot. Held in libmicrohttpd's `con_cls` through
/// `Unmanaged` and touched only by the libmicrohttpd thread serving the connection, which is
/// why it needs no lock.
package final class HTTPExchange {
    package let connection: HTTPConnectionHandle
    package private(set) var body: [UInt8] = []
    /// Bytes received so far, counted even after storing stopped.
    package private(set) var receivedBytes = 0
    /// Set once the counted body passed the limit; the request is then answered with a
    /// rejection instead of being dispatched.
    package private(set) var bodyTooLarge = false
    /// Set when the head was refused on the first call (unsound framing, or a declared body
    /// over the limit): the request is never dispatched, and a later call for it closes the
    /// connection.
    package var refusedHead = false
    /// Set when the request is handed to the handler; later calls are resumes.
    package var reply: HTTPPendingReply?
    /// The connection's entry in `HTTPConnectionWatch`, moved along as the request arrives.
    package var entry: HTTPConnectionEntry?

    package init(connection: HTTPConnectionHandle, expectedBodyBytes: Int = 0) {
        self.connection = connection
        if expectedBodyBytes > 0 { body.reserveCapacity(expectedBodyBytes) }
    }

    /// Appends one chunk of upload data, or only counts it once the body is too large, so that
    /// a chunked body without `Content-Length` cannot grow memory past `limit`.
    package func receive(_ chunk: UnsafeRawBufferPointer, limit: Int) {
        receivedBytes += chunk.count
        guard !bodyTooLarge else { return }
        if receivedBytes > limit {
            bodyTooLarge = true
            body = []
            return
        }
        body.append(contentsOf: chunk)
    }

    /// Hands the body over to the request value without copying it.
    package func takeBody() -> [UInt8] {
        defer { body = [] }
        return body
    }
}
