/// What runs once a response is queued on its connection, on libmicrohttpd's thread, with the
/// status that went out (500 when the response could not be sent as written): where a
/// handler counts and logs its answers, whichever thread gave them.
package final class HTTPQueuedAction: Sendable {
    private let action: @Sendable (_ status: Int) -> Void

    package init(_ action: @escaping @Sendable (_ status: Int) -> Void) {
        self.action = action
    }

    package func run(status: Int) { action(status) }
}
