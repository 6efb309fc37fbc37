import ChainHTTP
import ChainService
import ChainSupport

/// The one answer a route owes its request. A handler answers by calling it (`reply(response)`)
/// from any thread, now or later; the first answer goes out and any later one is dropped and
/// logged. A reply dropped unanswered (every path that held it returned without answering)
/// answers 500 and logs `route.unanswered` naming the route, rather than leaving the
/// connection parked until shutdown.
package final class Reply: Sendable {
    private let send: Lock<(@Sendable (HTTPResponse) -> Void)?>
    private let route: String
    private let log: Logger

    package init(route: String, log: Logger, send: @escaping @Sendable (HTTPResponse) -> Void) {
        self.send = Lock(send)
        self.route = route
        self.log = log
    }

    /// Sends `response` if nothing was sent yet.
    package func callAsFunction(_ response: HTTPResponse) {
        guard let send = send.withLock({ send in defer { send = nil }; return send }) else {
            return log.log(.warning, "route.answered.twice", [(key: "route", value: .string(route)), (key: "status", value: .number(Double(response.status)))])
        }
        send(response)
    }

    /// Whether the answer went out.
    package var isAnswered: Bool { send.withLock { $0 == nil } }

    deinit {
        guard let send = send.withLock({ send in defer { send = nil }; return send }) else { return }
        log.log(.error, "route.unanswered", [(key: "route", value: .string(route))])
        send(Problem(.internalError, "the server could not answer this request").response)
    }
}
