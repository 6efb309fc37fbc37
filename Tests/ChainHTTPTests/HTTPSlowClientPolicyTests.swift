import ChainHTTP
import Testing

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

    @Test func aCutConnectionIsNeverOverdue() {
        #expect(!policy.isOverdue(.cut, since: 0, bodyBytes: 0, now: 3_600 * second))
    }

    /// The rank of a connection at 100 s, whose address holds `connections`.
    private func rank(
        _ phase: HTTPConnectionEntry.Phase, since: UInt64, bodyBytes: Int = 0, connections: Int = 1,
        policy: HTTPSlowClientPolicy? = nil
    ) -> HTTPSlowClientPolicy.EvictionRank? {
        (policy ?? self.policy).evictionRank(
            phase, since: since * second, bodyBytes: bodyBytes, addressConnections: connections, now: 100 * second)
    }

    @Test func theConnectionClosedToMakeRoomIsOverdueFirstThenAwaitingAHeadThenABodyBehindTheRate() throws {
        let lateHead = try #require(rank(.awaitingHead, since: 80))
        let lateBody = try #require(rank(.receivingBody, since: 80, bodyBytes: 1_000))  // owes 10 KiB after its grace
        let idle = try #require(rank(.awaitingHead, since: 91))
        let freshHead = try #require(rank(.awaitingHead, since: 99))
        let behind = try #require(rank(.receivingBody, since: 95, bodyBytes: 100))  // owes 5 KiB, in its grace

        #expect(lateHead.reason == .overdue)
        #expect(lateBody.reason == .overdue)
        #expect(idle.reason == .awaitingHead)
        #expect(behind.reason == .bodyBehindRate)
        #expect(lateBody < idle, "overdue goes before a connection merely waiting for its head")
        #expect(freshHead < behind, "a head before a body, even a younger head")
        #expect(idle < freshHead, "then the one that has waited longest")
    }

    @Test func aBodyKeepingTheRateAndACompleteRequestAreNeverClosedToMakeRoom() {
        #expect(rank(.receivingBody, since: 95, bodyBytes: 5 * 1024) == nil, "on rate from its first byte")
        #expect(rank(.receivingBody, since: 100) == nil, "just begun")
        #expect(rank(.busy, since: 0) == nil)
        #expect(rank(.cut, since: 0) == nil)
        let unmetered = HTTPSlowClientPolicy(headTimeoutSeconds: 10, minBodyBytesPerSecond: 0)
        #expect(rank(.receivingBody, since: 95, bodyBytes: 1_000_000, policy: unmetered)?.reason == .bodyBehindRate,
                "with the rate off, no body keeps it")
    }

    @Test func withinAReasonTheAddressHoldingTheMostConnectionsGoesFirstThenTheOldest() throws {
        let reconnecting = try #require(rank(.awaitingHead, since: 99, connections: 50))
        let keptAlive = try #require(rank(.awaitingHead, since: 95, connections: 1))
        let older = try #require(rank(.awaitingHead, since: 98, connections: 50))

        #expect(reconnecting < keptAlive, "a fast reconnecting client makes room from its own connections")
        #expect(older < reconnecting)
        #expect(try #require(rank(.awaitingHead, since: 85)) < older, "but an overdue one goes before either")
    }
}
