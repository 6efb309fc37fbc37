import ChainSupport
import Dispatch
import Foundation
import Synchronization

/// The threads that decode pictures: `count` serial queues (one fewer than the cores, at least
/// one), so decoding never takes every core from the requests of other clients. A job for an
/// image always goes to the same worker, so two jobs for one missing picture make it once: the
/// second finds the first's result.
///
/// Two kinds of job share them:
/// - **requested** ones (a client waits): at most `maxQueued` waiting or running, past which
///   `request` refuses;
/// - **background** ones (previews made ahead of a viewer): at most `maxBackground` waiting;
///   one runs only when no requested job waits on its worker (else it goes back behind them),
///   and one no longer wanted when its turn comes (`isWanted`) is dropped unrun. A request
///   waits at most for the one background job already running on its worker.
package final class PictureWorkers: Sendable {
    /// How a background job ended, for the counters.
    package enum BackgroundEnd: String, Sendable {
        case ran, stale
    }

    package let maxQueued: Int
    package let maxBackground: Int
    private let queues: [DispatchQueue]
    /// Requested jobs waiting on each worker (not yet started).
    private let waiting: Lock<[Int]>
    private let queued = Atomic<Int>(0)
    private let background = Atomic<Int>(0)

    package init(
        count: Int = max(1, ProcessInfo.processInfo.activeProcessorCount - 1), maxQueued: Int = 64, maxBackground: Int = 16
    ) {
        let count = max(1, count)
        self.maxQueued = max(1, maxQueued)
        self.maxBackground = max(0, maxBackground)
        queues = (0..<count).map { DispatchQueue(label: "chain.pictures.\($0)") }
        waiting = Lock(Array(repeating: 0, count: count))
    }

    /// Runs `job` on `image`'s worker for a client that waits; `false` (and nothing run) when
    /// `maxQueued` requested jobs are already waiting or running.
    package func request(for image: Int64, _ job: @escaping @Sendable () -> Void) -> Bool {
        guard queued.add(1, ordering: .relaxed).newValue <= maxQueued else {
            queued.subtract(1, ordering: .relaxed)
            return false
        }
        let index = worker(for: image)
        waiting.withLock { $0[index] += 1 }
        queues[index].async { [self] in
            waiting.withLock { $0[index] -= 1 }
            defer { queued.subtract(1, ordering: .relaxed) }
            job()
        }
        return true
    }

    /// Runs `job` on `image`'s worker when nothing requested waits there, if it is still
    /// wanted then; `ended` says how it went. `false` (and nothing queued) when
    /// `maxBackground` background jobs wait already.
    package func background(
        for image: Int64, isWanted: @escaping @Sendable () -> Bool, _ job: @escaping @Sendable () -> Void,
        ended: @escaping @Sendable (BackgroundEnd) -> Void = { _ in }
    ) -> Bool {
        guard background.add(1, ordering: .relaxed).newValue <= maxBackground else {
            background.subtract(1, ordering: .relaxed)
            return false
        }
        let index = worker(for: image)
        queues[index].async { [self] in runBackground(index, isWanted, job, ended) }
        return true
    }

    private func runBackground(
        _ index: Int, _ isWanted: @escaping @Sendable () -> Bool, _ job: @escaping @Sendable () -> Void,
        _ ended: @escaping @Sendable (BackgroundEnd) -> Void
    ) {
        guard isWanted() else {
            background.subtract(1, ordering: .relaxed)
            return ended(.stale)
        }
        if waiting.withLock({ $0[index] }) > 0 {
            // Behind the requests queued since: they run first.
            return queues[index].async { [self] in runBackground(index, isWanted, job, ended) }
        }
        job()
        background.subtract(1, ordering: .relaxed)
        ended(.ran)
    }

    private func worker(for image: Int64) -> Int {
        Int(UInt64(bitPattern: image) % UInt64(queues.count))
    }
}
