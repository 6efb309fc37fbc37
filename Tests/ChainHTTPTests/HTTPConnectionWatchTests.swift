import ChainHTTP
import Testing

/// The watch's limits, on entries that stand for no socket (descriptor -1, so a cut's
/// `shutdown` fails harmlessly): how many it cuts to admit a connection, and which.
@Suite("HTTPConnectionWatch")
struct HTTPConnectionWatchTests {
    private let second: UInt64 = 1_000_000_000

    private func watch(limit: Int, perAddress: Int) -> HTTPConnectionWatch {
        HTTPConnectionWatch(
            policy: HTTPSlowClientPolicy(headTimeoutSeconds: 10, minBodyBytesPerSecond: 1024),
            connectionLimit: limit, perAddressLimit: perAddress)
    }

    private func address(_ host: String) throws -> HTTPClientAddress {
        try #require(HTTPSocketAddress(host: host, port: 0)).withSockaddrPointer { HTTPClientAddress(copying: $0) }
    }

    /// A connection from 10.0.0.4 whose body began at `start` and has a MiB in: on rate.
    private func openUpload(on watch: HTTPConnectionWatch, since start: UInt64) throws -> HTTPConnectionEntry {
        let upload = watch.opened(descriptor: -1, address: try address("10.0.0.4"))
        #expect(upload.enter(.receivingBody, at: start))
        upload.received(1 << 20)
        return upload
    }

    @Test func anAddressOverItsLimitIsCutBelowItBeforeANewConnectionIsAdmitted() throws {
        let watch = watch(limit: 100, perAddress: 2)
        let attacker = try address("10.0.0.2")
        // Accepts racing on several threads can all pass before any is registered.
        let opened = (0..<5).map { _ in watch.opened(descriptor: -1, address: attacker) }

        #expect(watch.admit(address: attacker))

        #expect(watch.counts.live == 1)
        #expect(watch.counts.cut == 4)
        #expect(opened.count { $0.snapshot.phase == .cut } == 4)
    }

    @Test func aFullServerCutsFromTheAddressHoldingTheMostConnectionsNotAnIdleNeighbourOrAnUpload() throws {
        let watch = watch(limit: 4, perAddress: 10)
        let start = HTTPConnectionEntry.now()
        let idle = watch.opened(descriptor: -1, address: try address("10.0.0.3"))
        let upload = try openUpload(on: watch, since: start)
        let attacker = try address("10.0.0.2")
        let reconnected = (0..<2).map { _ in watch.opened(descriptor: -1, address: attacker) }

        #expect(watch.admit(address: try address("10.0.0.5"), now: start + second))

        #expect(idle.snapshot.phase == .awaitingHead)
        #expect(upload.snapshot.phase == .receivingBody)
        #expect(reconnected.count { $0.snapshot.phase == .cut } == 1)
        #expect(watch.counts.cut == 1)
    }

    @Test func aNewConnectionIsRefusedWhenOnlyCompleteRequestsAndUploadsOnRateRemain() throws {
        let watch = watch(limit: 2, perAddress: 10)
        let start = HTTPConnectionEntry.now()
        let busy = watch.opened(descriptor: -1, address: try address("10.0.0.3"))
        #expect(busy.enter(.busy, at: start))
        let upload = try openUpload(on: watch, since: start)

        #expect(!watch.admit(address: try address("10.0.0.5"), now: start + second))

        #expect(upload.snapshot.phase == .receivingBody)
        #expect(busy.snapshot.phase == .busy)
        #expect(watch.counts.cut == 0)
        #expect(watch.counts.live == 2)
    }

    @Test func aSweepCutsWhatIsOverdueAndAClosedConnectionLeavesTheCounts() throws {
        let watch = watch(limit: 10, perAddress: 10)
        let start = HTTPConnectionEntry.now()
        let late = watch.opened(descriptor: -1, address: try address("10.0.0.2"))
        let fine = watch.opened(descriptor: -1, address: try address("10.0.0.2"))
        #expect(fine.enter(.busy, at: start))

        #expect(watch.sweep(now: start + 11 * second) == 1)
        #expect(late.snapshot.phase == .cut)
        #expect(watch.counts == (live: 1, busy: 1, cut: 1))

        watch.closed(late)
        watch.closed(fine)
        #expect(watch.counts == (live: 0, busy: 0, cut: 1))
    }
}
