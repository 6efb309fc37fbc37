import ChainModel
import Dispatch

/// The timers: keep-alive comments that find clients that left, stalled streams cut, and
/// quick pings of the streams a call waits on.
extension LiveEvents {
    func keepAlive() {
        let (listeners, finishing) = state.withLock { state in
            state.finishing.removeAll { $0.isOver }
            return (Array(state.listeners.values), state.finishing)
        }
        keepAlive(listeners, finishing: finishing)
    }

    /// A keep-alive to every stream of `sessions`, each stalled one (and each stalled one of
    /// `finishing`) cut instead, counted and logged.
    private func keepAlive(_ sessions: [LiveSession], finishing: [any EventSink] = []) {
        var cut = 0
        for session in sessions {
            let stalled = session.events.keepAlive(stallLimit: stallLimit)
            if stalled > 0 { logCut(stalled, session: session.id) }
            cut += stalled
        }
        let ended = finishing.filter { $0.cutIfStalled(after: stallLimit, now: .now) }.count
        if ended > 0 { logCut(ended, session: nil) }
        cut += ended
        if cut > 0 { metrics.recordStalledStreams(cut) }
    }

    func pingWaiting() {
        let waiting = calls.waitingSessions()
        guard !waiting.isEmpty else { return }
        let sessions = state.withLock { state in waiting.compactMap { state.listeners[$0] } }
        keepAlive(sessions)
    }

    /// One line for the `streams` of a session just cut; `session` is `nil` for those of
    /// sessions that ended, which no session holds any more.
    private func logCut(_ streams: Int, session: String?) {
        log.log(.warning, "events.stalled", [
            (key: "session", value: session.map { .string($0) } ?? .null),
            (key: "streams", value: .number(Double(streams))),
            (key: "stallSeconds", value: .number(Double(stallLimit.components.seconds))),
        ])
    }
}
