/// What storage shared with other instances holds for a token this instance does not serve
/// (`SessionJournal.load`).
package enum SessionLookup: Sendable {
    /// A session some instance used lately, taken in here.
    case found(LiveSession)
    /// A session stored but unused everywhere for the idle expiry: it has ended, though an
    /// instance's sweep has not deleted it yet.
    case idle
    /// No session has this token: one never given out, or a session deleted.
    case absent
}
