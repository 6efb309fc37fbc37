import ChainHTTP
import ChainService
import ChainSupport
import Synchronization

/// The one answer a route owes its request. A handler answers by calling it (`reply(response)`)
/// from any thread, now or later; the first answer goes out and any later one is dropped and
/// logged. A reply dropped unanswered (every path that held it returned without answering)
/// answers 500 and logs `route.unanswered` naming the route, rather than leaving the
/// connection parked until shutdown.
///
/// With a `RequestRecord`, the reply also counts and logs its request, once the HTTP layer has
/// queued the answer (`HTTPQueuedObserver`): on libmicrohttpd's thread, never on the thread
/// that answered (the storage writer's, for a command that commits).
package final class Reply: HTTPQueuedObserver {
    private let send: @Sendable (HTTPResponse) -> Void
    /// Set by the first answer. An atomic flag beside a plain closure, not the closure in a
    /// lock: a closure kept in generic storage is reabstracted, which costs an allocation on
    /// every request.
    private let answered = Atomic<Bool>(false)
    /// The status answered, and whether the request was counted: an answer whose connection
    /// closed before it was queued is counted when the reply goes.
    private let answeredStatus = Atomic<Int>(0)
    private let counted = Atomic<Bool>(false)
    private let route: String
    private let log: Logger
    // The request record's fields, kept here rather than as a `RequestRecord?`: the struct
    // would be copied whole (a retain and a release of each member) at every use.
    private let metrics: Metrics?
    private let method: String
    private let session: String?
    private let started: ContinuousClock.Instant

    package convenience init(route: String, log: Logger, record: RequestRecord? = nil, send: @escaping @Sendable (HTTPResponse) -> Void) {
        self.init(
            route: route, log: log, metrics: record?.metrics, method: record?.method ?? "", session: record?.session,
            started: record?.started ?? .now, send: send)
    }

    /// The record's fields one by one, as the router passes them: a `RequestRecord` holds a
    /// `ContinuousClock.Instant`, whose layout is resilient (the concurrency library evolves),
    /// so each copy of a `RequestRecord?` went through runtime value witnesses (callgrind:
    /// 2,600 instructions a menu request).
    package init(
        route: String, log: Logger, metrics: Metrics?, method: String, session: String?, started: ContinuousClock.Instant,
        send: @escaping @Sendable (HTTPResponse) -> Void
    ) {
        self.send = send
        self.route = route
        self.log = log
        self.metrics = metrics
        self.method = method
        self.session = session
        self.started = started
    }

    /// Counts the request and writes its log line, once, when the reply has a record.
    private func finished(status: Int) {
        guard let metrics, counted.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
        let elapsed = ContinuousClock.now - started
        metrics.recordRequest(route: route, method: method, status: status, seconds: elapsed.seconds)
        let microseconds = Int((elapsed.seconds * 1e6).rounded())
        log.request(status >= 500 ? .error : .info, method: method, route: route, status: status, microseconds: microseconds, session: session)
    }

    /// Sends `response` if nothing was sent yet.
    package func callAsFunction(_ response: HTTPResponse) {
        guard answered.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
            return log.log(.warning, "route.answered.twice", [(key: "route", value: .string(route)), (key: "status", value: .number(Double(response.status)))])
        }
        guard metrics != nil else { return send(response) }
        answeredStatus.store(response.status, ordering: .relaxed)
        var response = response
        response.onQueued = self
        send(response)
    }

    /// Whether the answer went out.
    package var isAnswered: Bool { answered.load(ordering: .acquiring) }

    package func queued(status: Int) {
        finished(status: status)
    }

    deinit {
        guard !answered.load(ordering: .acquiring) else {
            // Answered, but the answer never reached a connection (its client had left).
            let status = answeredStatus.load(ordering: .relaxed)
            if status > 0 { finished(status: status) }
            return
        }
        log.log(.error, "route.unanswered", [(key: "route", value: .string(route))])
        let response = Problem(.internalError, "the server could not answer this request").response
        // Nothing holds this reply any more: the request is counted and logged now.
        finished(status: response.status)
        send(response)
    }
}
