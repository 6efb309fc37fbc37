/// What the HTTP layer hands complete requests to. libmicrohttpd calls on its own threads and
/// cannot await, so answering is a callback that may run later from any thread.
package protocol HTTPHandler: Sendable {
    /// Called once per complete request on a libmicrohttpd thread. Must call `respond` exactly once,
    /// either before returning or later from any thread.
    func handle(_ request: HTTPRequest, respond: @escaping @Sendable (HTTPResponse) -> Void)
    /// The answer for a request the HTTP layer refuses before it reaches `handle`.
    func response(for rejection: HTTPRejection) -> HTTPResponse
}
