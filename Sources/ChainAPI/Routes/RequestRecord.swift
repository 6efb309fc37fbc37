import ChainService

/// What a reply needs to count and log its request (`Reply`): its method label, its session,
/// when it started, and where it is counted.
package struct RequestRecord: Sendable {
    package let method: String
    package let session: String?
    package let started: ContinuousClock.Instant
    package let metrics: Metrics

    package init(method: String, session: String?, started: ContinuousClock.Instant, metrics: Metrics) {
        self.method = method
        self.session = session
        self.started = started
        self.metrics = metrics
    }
}
