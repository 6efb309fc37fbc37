import ChainModel
import Dispatch
import Foundation
import Synchronization

/// Calls to remote handlers waiting for their client's answer. A call is settled once: by
/// the first answer, by its deadline, by its session's last stream closing, or by the
/// session ending. Waiting holds no thread: the command's continuation is stored here.
final class RemoteCalls: Sendable {
    enum Settlement: Sendable {
        case answered(RemoteAnswer)
        case timedOut
        case disconnected
        case sessionEnded
    }

    private struct Pending {
        let session: String
        let settle: @Sendable (Settlement) -> Void
    }

    private struct State {
        var next = 0
        var pending: [String: Pending] = [:]
    }

    let timeout: Duration
    private let state = Mutex(State())

    init(timeout: Duration) {
        self.timeout = timeout
    }

    /// Registers a call of `session`; `settle` runs exactly once: on the answering request's
    /// thread, or on a Dispatch thread (deadline, disconnect, session end). Returns the call's
    /// id and its deadline.
    func begin(session: String, settle: @escaping @Sendable (Settlement) -> Void) -> (id: String, deadline: Date) {
        let id = state.withLock { state -> String in
            state.next += 1
            let id = "c-\(state.next)"
            state.pending[id] = Pending(session: session, settle: settle)
            return id
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout.dispatchInterval) { [weak self] in
            self?.settle(id, .timedOut)
        }
        return (id, Date().addingTimeInterval(timeout.seconds))
    }

    /// Settles `id` with `answer` when it is `session`'s and still waiting; `false` (a 404
    /// for the client) when it is unknown, settled, or another session's.
    func answer(_ id: String, session: String, _ answer: RemoteAnswer) -> Bool {
        let pending = state.withLock { state -> Pending? in
            guard state.pending[id]?.session == session else { return nil }
            return state.pending.removeValue(forKey: id)
        }
        guard let pending else { return false }
        // On the answering request's thread: the rest of the command is short (the walk under
        // the order lock; a write is queued, not waited for), and a hop would add a wake-up.
        pending.settle(.answered(answer))
        return true
    }

    /// Whether `id` is one of `session`'s calls still waiting.
    func isWaiting(_ id: String, session: String) -> Bool {
        state.withLock { $0.pending[id]?.session == session }
    }

    /// Settles every waiting call of `session` (or of every session) the same way.
    func settleAll(of session: String?, _ settlement: Settlement) {
        let settled = state.withLock { state -> [Pending] in
            let ids = state.pending.filter { session == nil || $0.value.session == session }.map(\.key)
            return ids.compactMap { state.pending.removeValue(forKey: $0) }
        }
        for pending in settled { DispatchQueue.global().async { pending.settle(settlement) } }
    }

    /// The sessions with a call waiting.
    func waitingSessions() -> Set<String> {
        state.withLock { state in Set(state.pending.values.map(\.session)) }
    }

    private func settle(_ id: String, _ settlement: Settlement) {
        guard let pending = state.withLock({ $0.pending.removeValue(forKey: id) }) else { return }
        pending.settle(settlement)
    }
}
