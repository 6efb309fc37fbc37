import Dispatch
import Synchronization

/// Carries the answers of committed commands off the storage writer's thread. Everything
/// handed over while a hop is pending rides that same hop, so a group commit of fifteen
/// commands wakes one global-queue thread, not fifteen.
final class AnswerRelay: Sendable {
    private let pending = Mutex<[@Sendable () -> Void]>([])

    /// Runs `answer` soon on a global queue, after the answers handed over before it.
    func send(_ answer: @escaping @Sendable () -> Void) {
        let startsHop = pending.withLock { queued in
            queued.append(answer)
            return queued.count == 1
        }
        if startsHop { DispatchQueue.global().async { self.deliver() } }
    }

    /// Takes what has piled up and runs it; answers sent meanwhile start the next hop.
    private func deliver() {
        let answers = pending.withLock { queued in
            defer { queued.removeAll(keepingCapacity: true) }
            return queued
        }
        for answer in answers { answer() }
    }
}
