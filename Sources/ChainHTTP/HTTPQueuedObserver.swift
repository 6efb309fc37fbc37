/// Told once a response is queued on its connection, on libmicrohttpd's thread, with the
/// status that went out (500 when the response could not be sent as written): where a
/// handler counts and logs its answers, whichever thread gave them.
package protocol HTTPQueuedObserver: AnyObject, Sendable {
    func queued(status: Int)
}
