/// When a session was last used, and when this instance last had a use of it stored, so
/// uses are stored once an interval (`SessionJournal.storeUse`).
package struct SessionUse: Sendable {
    package private(set) var last: ContinuousClock.Instant
    /// `nil`: none stored from here yet, or the last one failed.
    private var lastStored: ContinuousClock.Instant?

    package init(_ now: ContinuousClock.Instant) {
        last = now
    }

    package mutating func touch(_ now: ContinuousClock.Instant) { last = now }

    /// Marks the session used at `now`; `true` when that use is one to store (none was
    /// stored for `interval`), counting it as stored.
    package mutating func touch(_ now: ContinuousClock.Instant, storingEvery interval: Duration) -> Bool {
        last = now
        if let lastStored, now - lastStored < interval { return false }
        lastStored = now
        return true
    }

    /// The use counted as stored was not: the next use stores one.
    package mutating func storeFailed() { lastStored = nil }
}
