import Testing

@testable import ChainServer

@Suite("Slow-client policy")
struct HTTPSlowClientPolicyTests {
    private let second: UInt64 = 1_000_000_000
    private let policy = HTTPSlowClientPolicy(headTimeoutSeconds: 10, minBodyBytesPerSecond: 1024)

    @Test func aHeadIsOverdueOnlyPastItsDeadline() {
        #expect(!policy.isOverdue(.awaitingHead, since: 5 * second, bodyBytes: 0, now: 15 * second))
        #expect(policy.isOverdue(.awaitingHead, since: 5 * second, bodyBytes: 0, now: 15 * second + 1))
        #expect(!policy.isOverdue(.awaitingHead, since: 20 * second, bodyBytes: 0, now: 15 * second), "a start after now is never overdue")
    }

    @Test func aBodyOwesTheRateOnlyAfterTheGracePeriod() {
        #expect(!policy.isOverdue(.receivingBody, since: 0, bodyBytes: 0, now: 10 * second))
        #expect(policy.isOverdue(.receivingBody, since: 0, bodyBytes: 0, now: 11 * second))
        #expect(!policy.isOverdue(.receivingBody, since: 0, bodyBytes: 1024, now: 11 * second))
        #expect(policy.isOverdue(.receivingBody, since: 0, bodyBytes: 10_000, now: 20 * second))
        #expect(!policy.isOverdue(.receivingBody, since: 0, bodyBytes: 10_240, now: 20 * second))
    }

    @Test func aZeroRateAndABusyConnectionAreNeverOverdue() {
        let unmetered = HTTPSlowClientPolicy(headTimeoutSeconds: 10, minBodyBytesPerSecond: 0)
        #expect(!unmetered.isOverdue(.receivingBody, since: 0, bodyBytes: 0, now: 3_600 * second))
        #expect(!policy.isOverdue(.busy, since: 0, bodyBytes: 0, now: 3_600 * second))
    }
}
