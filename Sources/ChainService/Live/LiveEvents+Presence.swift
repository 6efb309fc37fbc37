import ChainModel

extension LiveEvents {
    /// A presence flush as `presence` events: every listener gets the entries that changed and
    /// the sessions that left, less its own. Most listeners took no part in the change and
    /// share one frame; a session among them gets one without itself, or none when nothing
    /// else changed.
    func publishPresence(_ flush: PresenceBoard.Flush) {
        let touched = Set(flush.changed.map(\.session)).union(flush.left)
        guard !touched.isEmpty else { return }
        let listeners = state.withLock { Array($0.listeners.values) }
        guard !listeners.isEmpty else { return }
        queue.async {
            var shared: SessionEvents.Shared?
            for session in listeners {
                guard touched.contains(session.id) else {
                    if shared == nil { shared = SessionEvents.Shared(.presence(PresenceBody(sessions: flush.changed, left: flush.left))) }
                    if let shared { session.events.publish(shared) }
                    continue
                }
                let changed = flush.changed.filter { $0.session != session.id }
                let left = flush.left.filter { $0 != session.id }
                guard !changed.isEmpty || !left.isEmpty else { continue }
                session.events.publish(.presence(PresenceBody(sessions: changed, left: left)))
            }
        }
    }
}
