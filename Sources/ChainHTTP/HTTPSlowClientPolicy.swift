/// How long a client may take to send a request: the rule that keeps slow clients (slowloris,
/// slow bodies) from holding connections the server needs for complete requests.
///
/// - A connection must send a whole request head within `headTimeout` of opening, or of the
///   answer to its previous request (so an idle keep-alive connection is closed after it too,
///   as Apache's `KeepAliveTimeout` does). A trickle of bytes does not extend it, unlike
///   libmicrohttpd's idle timeout, which every byte resets.
/// - After the head, the body must arrive at `minBodyBytesPerSecond` on average, counted
///   from the end of a grace period as long as `headTimeout`; 0 turns the rate off.
/// - Once the request is complete, the handler's time and the answer's are not counted.
///
/// Which connection to close when a limit is full is in `HTTPSlowClientPolicy+Eviction`.
package struct HTTPSlowClientPolicy: Sendable, Equatable {
    package var headTimeoutNanoseconds: UInt64
    package var minBodyBytesPerSecond: Int

    package init(headTimeoutSeconds: Int, minBodyBytesPerSecond: Int) {
        headTimeoutNanoseconds = UInt64(max(headTimeoutSeconds, 0)) * 1_000_000_000
        self.minBodyBytesPerSecond = max(minBodyBytesPerSecond, 0)
    }

    /// Whether a connection in `phase` since `since` (having received `bodyBytes` of body
    /// since then) has run out of time at `now`; all times in nanoseconds of one clock.
    package func isOverdue(_ phase: HTTPConnectionEntry.Phase, since: UInt64, bodyBytes: Int, now: UInt64) -> Bool {
        guard now > since else { return false }
        let elapsed = now - since
        switch phase {
        case .awaitingHead:
            return elapsed > headTimeoutNanoseconds
        case .receivingBody:
            guard minBodyBytesPerSecond > 0, elapsed > headTimeoutNanoseconds else { return false }
            return isBehindRate(bodyBytes, over: elapsed - headTimeoutNanoseconds)
        case .busy, .cut:
            return false
        }
    }

    /// Whether `bodyBytes` falls short of the minimum rate over `nanoseconds`.
    package func isBehindRate(_ bodyBytes: Int, over nanoseconds: UInt64) -> Bool {
        Double(bodyBytes) < Double(nanoseconds) / 1e9 * Double(minBodyBytesPerSecond)
    }
}
