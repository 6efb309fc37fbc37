import ChainModel
import ChainSupport
import Dispatch

/// Who is on the catalog and what each looks at: an entry per live session, this
/// instance's own (kept from their models as commands commit) and those other instances
/// relay. It is the `SessionDirectory` `follow` validates against.
///
/// A change marks the entry; the marked entries go out together at most once every
/// `interval` (`PresenceBoard.Flush`, to `onFlush`'s handlers: the event streams, the relay
/// to other instances, the windows following a session that moved). Nothing is scheduled,
/// and nothing computed, while nobody moves.
package final class PresenceBoard: SessionDirectory, Sendable {
    /// What changed since the last flush.
    package struct Flush: Sendable {
        /// Entries that changed or joined, this instance's and relayed ones.
        package var changed: [PresenceEntry] = []
        /// Sessions that left.
        package var left: [String] = []
        /// Of `changed` and `left`, the sessions this instance holds: what it relays.
        package var local: Set<String> = []
    }

    package static let defaultInterval = Duration.milliseconds(250)
    package let interval: Duration
    private let state = Lock(State())
    private let handlers = Lock<[@Sendable (Flush) -> Void]>([])

    private struct State {
        var local: [String: (session: LiveSession, entry: PresenceEntry)] = [:]
        /// Other instances' entries, by session then instance: a session may be held by
        /// several (each one its requests reached), and stays until none holds it.
        var remote: [String: [String: PresenceEntry]] = [:]
        var changed: Set<String> = []
        var left: Set<String> = []
        var localLeft: Set<String> = []
        var flushScheduled = false
        /// Grows with every change: what `GET /v1/presence`'s `ETag` names.
        var version: UInt64 = 1

        func entry(_ id: String) -> PresenceEntry? { local[id]?.entry ?? remote[id]?.values.first }
    }

    package init(interval: Duration = PresenceBoard.defaultInterval) {
        self.interval = interval
    }

    /// Adds a handler of every flush (on a global queue, one flush at a time).
    package func onFlush(_ handler: @escaping @Sendable (Flush) -> Void) {
        handlers.withLock { $0.append(handler) }
    }

    // MARK: Changes

    /// A session this instance holds came to be (created, restored, taken in): it gets the
    /// directory, and its entry.
    package func joined(_ session: LiveSession) {
        session.join(Peers(session: session.id, directory: self))
        update(session)
    }

    /// `session`'s model may have changed (a command committed, here or elsewhere).
    package func update(_ session: LiveSession) {
        guard let model = session.snapshot else { return left(session.id) }
        let entry = PresenceEntry(session: session.id, principal: session.principal, model: model)
        mark { state in
            if state.local[session.id]?.entry == entry { return false }
            state.local[session.id] = (session, entry)
            state.changed.insert(session.id)
            state.left.remove(session.id)
            state.localLeft.remove(session.id)
            return true
        }
    }

    /// A session this instance held ended here.
    package func left(_ id: String) {
        mark { state in
            guard state.local.removeValue(forKey: id) != nil else { return false }
            state.changed.remove(id)
            state.localLeft.insert(id)
            if state.remote[id] == nil { state.left.insert(id) }
            return true
        }
    }

    /// Instance `origin`'s entry of session `id` (`nil`: the session left there).
    package func heard(_ id: String, _ entry: PresenceEntry?, from origin: String) {
        mark { state in
            guard state.remote[id]?[origin] != entry else { return false }
            let shown = state.entry(id)
            state.remote[id, default: [:]][origin] = entry
            if state.remote[id]?.isEmpty == true { state.remote[id] = nil }
            guard state.local[id] == nil, state.entry(id) != shown else { return false }
            if state.remote[id] == nil {
                state.changed.remove(id)
                state.left.insert(id)
            } else {
                state.changed.insert(id)
                state.left.remove(id)
            }
            return true
        }
    }

    private func mark(_ change: (inout State) -> Bool) {
        let schedule = state.withLock { state -> Bool in
            guard change(&state) else { return false }
            state.version &+= 1
            guard !state.flushScheduled else { return false }
            state.flushScheduled = true
            return true
        }
        guard schedule else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + interval.dispatchInterval) { [weak self] in self?.flush() }
    }

    private func flush() {
        let flush = state.withLock { state -> Flush in
            var flush = Flush()
            flush.changed = state.changed.sorted().compactMap { state.entry($0) }
            flush.left = state.left.sorted()
            flush.local = Set(state.changed.filter { state.local[$0] != nil }).union(state.localLeft)
            state.changed = []
            state.left = []
            state.localLeft = []
            state.flushScheduled = false
            return flush
        }
        guard !flush.changed.isEmpty || !flush.left.isEmpty || !flush.local.isEmpty else { return }
        for handler in handlers.withLock({ $0 }) { handler(flush) }
    }

    // MARK: Reading

    /// Every live session's entry, by principal then session, and the board's version.
    package var entries: (sessions: [PresenceEntry], version: UInt64) {
        state.withLock { state in
            var all = state.local.values.map(\.entry)
            for (id, held) in state.remote where state.local[id] == nil { all.append(contentsOf: held.values.prefix(1)) }
            all.sort { ($0.principal, $0.session) < ($1.principal, $1.session) }
            return (all, state.version)
        }
    }

    /// This instance's entry of `id` (none for a session held elsewhere only).
    package func localEntry(_ id: String) -> PresenceEntry? {
        state.withLock { $0.local[id]?.entry }
    }

    /// Every local entry, for publishing again (another instance started, or the database
    /// came back).
    package var localEntries: [PresenceEntry] {
        state.withLock { $0.local.values.map(\.entry) }
    }

    /// The windows of this instance's sessions that follow one of `sessions`.
    package func followers(of sessions: Set<String>) -> [(session: LiveSession, window: String, followed: String)] {
        guard !sessions.isEmpty else { return [] }
        return state.withLock { state in
            state.local.values.flatMap { held in
                held.entry.windows.compactMap { window in
                    window.following.flatMap { sessions.contains($0) ? (held.session, window.window, $0) : nil }
                }
            }
        }
    }

    // MARK: SessionDirectory

    package func isLive(_ session: String) -> Bool {
        state.withLock { $0.entry(session) != nil }
    }

    package func image(shownBy session: String) -> ImageID? {
        state.withLock { $0.entry(session)?.shows }
    }
}
