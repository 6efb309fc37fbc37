import ChainModel
import ChainSupport
import Dispatch
import Foundation

/// Calls to remote handlers waiting for their client's answer. A call is settled once: by
/// the first answer, by its deadline, by its session's last stream closing, or by the
/// session ending. Waiting holds no thread: the command's continuation is stored here.
package final class RemoteCalls: Sendable {
    package enum Settlement: Sendable {
        /// The client's answer, and the JSON it posted (what goes to another instance).
        case answered(RemoteAnswer, body: [UInt8])
        case timedOut
        /// The call reached a client, whose last stream then closed before it answered.
        case disconnected
        /// No stream anywhere took the call: nobody was told, and the handler declines.
        case undelivered
        case sessionEnded
    }

    private struct Pending {
        let session: String
        /// Another instance's call, relayed to this one's streams (`adopt`).
        var adopted = false
        /// This instance's call as its `invoke` event's data, and its deadline (`keep`).
        var invoke: (data: [UInt8], deadline: Date)?
        /// Offered to other instances' streams (`takeUnoffered`).
        var offered = false
        /// A stream here took its `invoke` (or is about to be handed it): a client may act on
        /// it, so it never settles `undelivered` (`settleUnheard`).
        var heard = false
        let settle: @Sendable (_ offered: Bool, Settlement) -> Void

        func settle(_ settlement: Settlement) { settle(offered, settlement) }
    }

    /// A call of this instance's to offer to other instances' streams.
    package struct Offer: Sendable {
        package let id: String
        package let invoke: [UInt8]
        package let deadline: Date
    }

    private struct State {
        var next = 0
        var pending: [String: Pending] = [:]
    }

    package let timeout: Duration
    /// What every call id this instance makes starts with: `c-`, and this instance's own
    /// mark when instances share storage (their calls meet in one table).
    package let prefix: String
    private let state = Lock(State())

    package init(timeout: Duration, prefix: String = "c-") {
        self.timeout = timeout
        self.prefix = prefix
    }

    /// Registers a call of `session`; `settle` runs exactly once, with the call's id and
    /// whether it was offered to other instances: on the answering request's thread, or on a
    /// Dispatch thread (deadline, disconnect, session end). Returns the call's id and its
    /// deadline.
    package func begin(
        session: String, settle: @escaping @Sendable (_ id: String, _ offered: Bool, Settlement) -> Void
    ) -> (id: String, deadline: Date) {
        let id = state.withLock { state -> String in
            state.next += 1
            let id = prefix + String(state.next)
            state.pending[id] = Pending(session: session) { settle(id, $0, $1) }
            return id
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout.dispatchInterval) { [weak self] in
            self?.settle(id, .timedOut)
        }
        return (id, Date().addingTimeInterval(timeout.seconds))
    }

    /// Waits here for the answer to call `id` of `session`, made by another instance and
    /// relayed to this one's streams, until `deadline` at the latest; `settle` runs once.
    package func adopt(_ id: String, session: String, deadline: Date, settle: @escaping @Sendable (Settlement) -> Void) {
        let taken = state.withLock { state -> Bool in
            guard state.pending[id] == nil else { return false }
            state.pending[id] = Pending(session: session, adopted: true) { settle($1) }
            return true
        }
        guard taken else { return }
        let wait = max(0, deadline.timeIntervalSinceNow)
        DispatchQueue.global().asyncAfter(deadline: .now() + wait) { [weak self] in
            self?.settle(id, .timedOut)
        }
    }

    /// Keeps the `invoke` data of this instance's call `id`, for offering it to other
    /// instances' streams, now or when one opens.
    package func keep(_ id: String, invoke: [UInt8], deadline: Date) {
        state.withLock { $0.pending[id]?.invoke = (invoke, deadline) }
    }

    /// Hands `offer` this instance's calls of `session` still waiting and not yet offered to
    /// other instances, marking them offered. Under the lock: a call settled meanwhile is not
    /// among them, and one offered is offered before its settlement can take it away.
    package func offerUnoffered(of session: String, _ offer: (Offer) -> Void) {
        state.withLock { state in
            for (id, pending) in state.pending where pending.session == session && !pending.adopted && !pending.offered {
                guard let invoke = pending.invoke else { continue }
                state.pending[id]?.offered = true
                offer(Offer(id: id, invoke: invoke.data, deadline: invoke.deadline))
            }
        }
    }

    /// `id` could not be offered after all (no other instance streamed its session then): it
    /// is offered again when one does.
    package func markUnoffered(_ id: String) {
        state.withLock { $0.pending[id]?.offered = false }
    }

    /// The `invoke` data of this instance's calls of `session` still waiting, for a stream
    /// that opens while they wait; each is marked heard first, so none settles undelivered
    /// while it is on its way to that stream.
    package func waitingInvokes(of session: String) -> [[UInt8]] {
        state.withLock { state in
            var invokes: [[UInt8]] = []
            for (id, pending) in state.pending where pending.session == session && !pending.adopted {
                guard let invoke = pending.invoke else { continue }
                state.pending[id]?.heard = true
                invokes.append(invoke.data)
            }
            return invokes
        }
    }

    /// A stream here took call `id`'s `invoke` (marked under the session's events lock, so
    /// the stream's close, counted out under that lock, settles it after this).
    package func markHeard(_ id: String) {
        state.withLock { $0.pending[id]?.heard = true }
    }

    /// Settles `id` `undelivered`, in one step with the look at whether anybody may have it:
    /// not when a stream here took it, nor (unless `evenIfOffered`: another instance said it
    /// took it nowhere) when it was offered to other instances. A call heard here settles
    /// `disconnected` instead when `evenIfOffered`, as the other instance's word is final.
    package func settleUnheard(_ id: String, evenIfOffered: Bool = false) {
        let (pending, settlement) = state.withLock { state -> (Pending?, Settlement) in
            guard let waiting = state.pending[id] else { return (nil, .undelivered) }
            if waiting.heard {
                return evenIfOffered ? (state.pending.removeValue(forKey: id), .disconnected) : (nil, .undelivered)
            }
            guard evenIfOffered || !waiting.offered else { return (nil, .undelivered) }
            return (state.pending.removeValue(forKey: id), .undelivered)
        }
        pending?.settle(settlement)
    }

    /// Forgets `id` unsettled: its settlement happened elsewhere.
    package func drop(_ id: String) {
        _ = state.withLock { $0.pending.removeValue(forKey: id) }
    }

    /// Settles `id` with `answer` when it is `session`'s and still waiting (with `ownOnly`, and
    /// this instance's own); `false` (a 404 for the client) when it is unknown, settled, or
    /// another session's.
    package func answer(_ id: String, session: String, _ answer: RemoteAnswer, body: [UInt8], ownOnly: Bool = false) -> Bool {
        let pending = state.withLock { state -> Pending? in
            guard let waiting = state.pending[id], waiting.session == session, !(ownOnly && waiting.adopted) else { return nil }
            return state.pending.removeValue(forKey: id)
        }
        guard let pending else { return false }
        // On the answering request's thread: the rest of the command is short (the walk under
        // the order lock; a write is queued, not waited for), and a hop would add a wake-up.
        pending.settle(.answered(answer, body: body))
        return true
    }

    /// Whether `id` is one of `session`'s calls still waiting.
    package func isWaiting(_ id: String, session: String) -> Bool {
        state.withLock { $0.pending[id]?.session == session }
    }

    /// Settles every waiting call of `session` (or of every session) the same way; with
    /// `onlyAdopted`, only the calls other instances made. `disconnected` is for the calls a
    /// client may have: one no stream took and nobody was offered settles `undelivered`.
    package func settleAll(of session: String?, _ settlement: Settlement, onlyAdopted: Bool = false) {
        let settled = state.withLock { state -> [(Pending, Settlement)] in
            let ids = state.pending.filter { (session == nil || $0.value.session == session) && (!onlyAdopted || $0.value.adopted) }.map(\.key)
            return ids.compactMap { id in
                state.pending.removeValue(forKey: id).map { pending in
                    guard case .disconnected = settlement, !pending.heard, !pending.offered else { return (pending, settlement) }
                    return (pending, .undelivered)
                }
            }
        }
        for (pending, settlement) in settled { DispatchQueue.global().async { pending.settle(settlement) } }
    }

    /// The sessions with a call waiting.
    package func waitingSessions() -> Set<String> {
        state.withLock { state in Set(state.pending.values.map(\.session)) }
    }

    /// Settles `id`, when it still waits, as `settlement`.
    package func settle(_ id: String, _ settlement: Settlement) {
        guard let pending = state.withLock({ $0.pending.removeValue(forKey: id) }) else { return }
        pending.settle(settlement)
    }
}
