import Dispatch
import Synchronization

/// Carries the answers of committed commands off the storage writer's thread. Everything
/// handed over while a hop is pending or running rides that same hop, so a group commit of
/// fifteen commands wakes one global-queue thread, not fifteen; and since at most one hop
/// runs at a time, answers run in the order they were handed over.
final class AnswerRelay: Sendable {
    private struct State {
        var queued: [@Sendable () -> Void] = []
        var hopping = false
    }

    private let state = Mutex(State())

    /// Runs `answer` soon on a global queue, after the answers handed over before it.
    func send(_ answer: @escaping @Sendable () -> Void) {
        let startsHop = state.withLock { state in
            state.queued.append(answer)
            guard !state.hopping else { return false }
            state.hopping = true
            return true
        }
        if startsHop { DispatchQueue.global().async { self.deliver() } }
    }

    /// Runs what has piled up, then what piled up meanwhile, until nothing is left. (A new hop
    /// for answers sent while this one runs could overtake it.)
    private func deliver() {
        while true {
            let answers = state.withLock { state in
                defer { state.queued.removeAll(keepingCapacity: true) }
                if state.queued.isEmpty { state.hopping = false }
                return state.queued
            }
            guard !answers.isEmpty else { return }
            for answer in answers { answer() }
        }
    }
}
