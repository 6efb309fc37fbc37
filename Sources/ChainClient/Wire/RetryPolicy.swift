import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How often, and after how long, a command is sent again when its connection fails before
/// the answer arrives. Every attempt carries the same `Idempotency-Key`, so the server
/// performs the command once and answers the retries with its first answer.
public struct RetryPolicy: Sendable {
    /// Attempts in all (1: never retry).
    public var attempts: Int
    /// The wait before the second attempt; it doubles for each next one, up to `maximumDelay`.
    public var firstDelay: Duration
    public var maximumDelay: Duration

    public init(attempts: Int = 4, firstDelay: Duration = .milliseconds(100), maximumDelay: Duration = .seconds(2)) {
        self.attempts = max(1, attempts)
        self.firstDelay = firstDelay
        self.maximumDelay = maximumDelay
    }

    public static let never = RetryPolicy(attempts: 1)

    func delay(after attempt: Int) -> Duration {
        var delay = firstDelay
        for _ in 1..<max(1, attempt) where delay < maximumDelay { delay *= 2 }
        return min(delay, maximumDelay)
    }

    /// A connection that failed or timed out: the request may or may not have arrived.
    func retries(_ error: URLError) -> Bool {
        switch error.code {
        case .networkConnectionLost, .timedOut, .cannotConnectToHost, .notConnectedToInternet, .cannotFindHost,
            .dnsLookupFailed, .badServerResponse, .zeroByteResource, .secureConnectionFailed:
            true
        default:
            false
        }
    }

    /// A server that is restarting or busy says so with a 503 before doing anything.
    func retries(_ problem: ChainProblem) -> Bool {
        problem.status == 503
    }
}
