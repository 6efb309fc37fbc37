/// A moment on the caller's monotonic clock, in nanoseconds from an origin of its choosing:
/// what undo coalescing compares. A plain integer rather than `ContinuousClock.Instant`,
/// whose layout is known only at run time, so every copy of a context or an undo entry
/// carrying one would go through the runtime's generic copy.
public struct Moment: Sendable, Hashable, Comparable {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    public static func < (lhs: Moment, rhs: Moment) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    public static func + (moment: Moment, duration: Duration) -> Moment {
        Moment(nanoseconds: moment.nanoseconds + duration.nanoseconds)
    }

    public static func - (lhs: Moment, rhs: Moment) -> Duration { .nanoseconds(lhs.nanoseconds - rhs.nanoseconds) }
}

extension Duration {
    /// The duration in whole nanoseconds (saturating far outside a program's lifetime).
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? (seconds < 0 ? .min : .max) : scaled &+ attoseconds / 1_000_000_000
    }
}
