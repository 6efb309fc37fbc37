import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// One open TCP connection as `HTTPConnectionWatch` sees it: its socket, its client address,
/// and where it is in its current request. The libmicrohttpd thread serving the connection
/// moves it between phases with atomic stores (no lock on the request path); the watch reads
/// them when it sweeps.
final class HTTPConnectionEntry: Sendable {
    enum Phase: UInt8, Sendable {
        /// Opened, or answered and kept alive: waiting for a complete request head.
        case awaitingHead
        /// The head is in; the body (if any) is arriving.
        case receivingBody
        /// The request is complete: with the handler, being answered, or streaming.
        case busy
    }

    let descriptor: Int32
    let address: String
    private let phase = Atomic<UInt8>(Phase.awaitingHead.rawValue)
    private let since: Atomic<UInt64>
    private let bodyBytes = Atomic<Int>(0)

    init(descriptor: Int32, address: String, now: UInt64 = HTTPConnectionEntry.now()) {
        self.descriptor = descriptor
        self.address = address
        since = Atomic(now)
    }

    /// Enters `next` now. The start time is stored before the phase, so a sweep that sees
    /// the new phase also sees its start (an old phase with a new start only looks younger).
    func enter(_ next: Phase, at now: UInt64 = HTTPConnectionEntry.now()) {
        since.store(now, ordering: .relaxed)
        bodyBytes.store(0, ordering: .relaxed)
        phase.store(next.rawValue, ordering: .releasing)
    }

    func received(_ count: Int) {
        bodyBytes.add(count, ordering: .relaxed)
    }

    var state: (phase: Phase, since: UInt64, bodyBytes: Int) {
        let phase = Phase(rawValue: phase.load(ordering: .acquiring)) ?? .busy
        return (phase, since.load(ordering: .relaxed), bodyBytes.load(ordering: .relaxed))
    }

    /// Monotonic nanoseconds from the coarse clock: a few milliseconds of resolution is
    /// plenty for deadlines in seconds, and reading it costs no system call.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
