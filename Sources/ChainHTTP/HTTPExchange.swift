/// What libmicrohttpd's several access-handler calls for one request share: the body as it
/// arrives and, once dispatched, the reply slot. Held in libmicrohttpd's `con_cls` through
/// `Unmanaged` and touched only by the libmicrohttpd thread serving the connection, which is
/// why it needs no lock.
///
/// Internal, not `package`, like every member: with whole-module optimization the compiler
/// then sees every access to its `var`s and drops the dynamic exclusivity checks, which a
/// declaration visible outside the module keeps (about 9 `swift_beginAccess` a request).
final class HTTPExchange {
    let connection: HTTPConnectionHandle
    private(set) var body: [UInt8] = []
    /// Bytes received so far, counted even after storing stopped.
    private(set) var receivedBytes = 0
    /// Set once the counted body passed the limit; the request is then answered with a
    /// rejection instead of being dispatched.
    private(set) var bodyTooLarge = false
    /// Set when the head was refused on the first call (unsound framing, or a declared body
    /// over the limit): the request is never dispatched, and a later call for it closes the
    /// connection.
    var refusedHead = false
    /// Set when the request is handed to the handler; later calls are resumes.
    var reply: HTTPPendingReply?
    /// The connection's entry in `HTTPConnectionWatch`, moved along as the request arrives.
    var entry: HTTPConnectionEntry?

    init(connection: HTTPConnectionHandle, expectedBodyBytes: Int = 0) {
        self.connection = connection
        if expectedBodyBytes > 0 { body.reserveCapacity(expectedBodyBytes) }
    }

    /// Appends one chunk of upload data, or only counts it once the body is too large, so that
    /// a chunked body without `Content-Length` cannot grow memory past `limit`.
    func receive(_ chunk: UnsafeRawBufferPointer, limit: Int) {
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
    func takeBody() -> [UInt8] {
        defer { body = [] }
        return body
    }
}
