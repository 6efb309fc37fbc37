import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One open TCP connection as `HTTPConnectionWatch` sees it: its socket, its client address,
/// and where it is in its current request. The libmicrohttpd thread serving the connection
/// moves it between phases, and the watch cuts it, each with a compare-exchange from the
/// state it read (no lock on the request path): so a connection that completed its request
/// after the watch chose it is not cut, and one that was cut does not go on to the handler.
package final class HTTPConnectionEntry: Sendable {
    package enum Phase: UInt64, Sendable {
        /// Opened, or answered and kept alive: waiting for a complete request head.
        case awaitingHead
        /// The head is in; the body (if any) is arriving.
        case receivingBody
        /// The request is complete, or its head refused: with the handler, being answered, or
        /// streaming.
        case busy
        /// Closed by the watch (its socket shut down); libmicrohttpd has yet to close it.
        case cut
    }

    /// What the watch read of an entry at one moment: what it decides on, and what a cut must
    /// still find for the decision to stand.
    package struct Snapshot: Sendable {
        fileprivate let word: UInt64
        package let bodyBytes: Int

        package var phase: Phase { Phase(rawValue: word & HTTPConnectionEntry.phaseMask)! }
        /// When the phase began, in `now()`'s nanoseconds (to within 4).
        package var since: UInt64 { word & ~HTTPConnectionEntry.phaseMask }
    }

    package let descriptor: Int32
    package let address: HTTPClientAddress
    /// `address` as text, formatted once for every request on the connection.
    package let addressText: String
    /// The phase in the low two bits, the time it began in the rest: one word, so that a
    /// compare-exchange fails if the connection has moved on since it was read, even through
    /// a whole request back to the same phase.
    private let word: Atomic<UInt64>
    private let bodyBytes = Atomic<Int>(0)
    /// Where the current request's target stops reading as a C string (see `HTTPTrampoline.targetNotice`).
    private let targetEnd = Atomic<UInt>(0)
    private let targetLength = Atomic<Int>(0)
    private static let phaseMask: UInt64 = 0b11

    package init(descriptor: Int32, address: HTTPClientAddress, now: UInt64 = HTTPConnectionEntry.now()) {
        self.descriptor = descriptor
        self.address = address
        addressText = address.text
        word = Atomic(Self.word(.awaitingHead, at: now))
    }

    /// The current request's raw target's length as a C string (to its first NUL). Set by
    /// the serving thread as the request line is parsed, with `rawTargetEnd`.
    package var rawTargetLength: Int {
        get { targetLength.load(ordering: .relaxed) }
        set { targetLength.store(newValue, ordering: .relaxed) }
    }

    /// The address where the current request's raw target stops reading as a C string: at
    /// its first NUL. Set by the serving thread as the request line is parsed.
    package var rawTargetEnd: UInt {
        get { targetEnd.load(ordering: .relaxed) }
        set { targetEnd.store(newValue, ordering: .relaxed) }
    }

    /// Enters `next` now, unless the watch has cut the connection: then `false`, and the
    /// connection must not be served further (its socket is already shut down). Only the
    /// watch changes the phase behind the serving thread's back, and only to `cut`.
    package func enter(_ next: Phase, at now: UInt64 = HTTPConnectionEntry.now()) -> Bool {
        let current = word.load(ordering: .acquiring)
        guard current & Self.phaseMask != Phase.cut.rawValue else { return false }
        // Reset before the phase is published, so a sweep that sees the new phase sees no
        // bytes of the previous body.
        bodyBytes.store(0, ordering: .relaxed)
        return word.compareExchange(
            expected: current, desired: Self.word(next, at: now), ordering: .acquiringAndReleasing
        ).exchanged
    }

    package func received(_ count: Int) {
        bodyBytes.add(count, ordering: .relaxed)
    }

    package var snapshot: Snapshot {
        let word = word.load(ordering: .acquiring)
        return Snapshot(word: word, bodyBytes: bodyBytes.load(ordering: .relaxed))
    }

    /// Marks the connection cut if it is still as `observed` found it; `false` if it has
    /// moved on (its request completed, say), when the watch's reason to cut it may be gone.
    package func cut(ifStill observed: Snapshot) -> Bool {
        let cut = observed.word & ~Self.phaseMask | Phase.cut.rawValue
        return word.compareExchange(expected: observed.word, desired: cut, ordering: .acquiringAndReleasing).exchanged
    }

    /// Monotonic nanoseconds from a coarse clock: a few milliseconds of resolution is plenty
    /// for deadlines in seconds, and reading it costs no system call.
    package static func now() -> UInt64 {
        var time = timespec()
        #if canImport(Darwin)
        clock_gettime(CLOCK_MONOTONIC_RAW_APPROX, &time)
        #else
        clock_gettime(CLOCK_MONOTONIC_COARSE, &time)
        #endif
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    private static func word(_ phase: Phase, at now: UInt64) -> UInt64 {
        now & ~phaseMask | phase.rawValue
    }
}
