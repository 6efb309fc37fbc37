import ChainStorage
import ChainSupport
import Dispatch
import Foundation

/// Keeps the catalog's history within its retention, off the command path: on a timer, it
/// sweeps the catalog's image ids a range at a time (`HistoryPruning.imagesPerStep`), each
/// range pruned in a short transaction of its own on the writer, so commands queued
/// meanwhile wait for one step at most, never for a whole sweep.
package final class HistoryPruner: Sendable {
    private let storage: any CatalogStorage
    private let retention: HistoryRetention
    private let log: Logger
    /// Signalled to stop; the sweeping thread waits on it between sweeps.
    private let stopping = DispatchSemaphore(value: 0)
    /// Left by the sweeping thread as it ends.
    private let finished = DispatchGroup()

    package init(storage: any CatalogStorage, retention: HistoryRetention, log: Logger) {
        self.storage = storage
        self.retention = retention
        self.log = log
    }

    /// Sweeps every `interval` on a thread of its own, the first time one interval from now,
    /// and folds the history's recent rows (`HistoryStorage.foldHistory`) every
    /// `HistoryPruning.foldInterval` meanwhile.
    package func start(every interval: Duration) {
        let tick = HistoryPruning.foldInterval
        let wait = DispatchTimeInterval.milliseconds(Int(tick.components.seconds) * 1000 + Int(tick.components.attoseconds / 1_000_000_000_000_000))
        finished.enter()
        let thread = Thread { [self] in
            Thread.current.name = "history-pruning"
            var sinceSweep = Duration.zero
            while stopping.wait(timeout: .now() + wait) == .timedOut {
                sinceSweep += tick
                if sinceSweep >= interval {
                    sinceSweep = .zero
                    sweep()
                } else {
                    fold()
                }
            }
            finished.leave()
        }
        thread.start()
    }

    /// Folds the recent rows, a bounded number at a time, until none are left.
    private func fold() {
        do {
            while try storage.foldHistory() >= HistoryPruning.rowsPerFold {}
        } catch {
            log.log(.warning, "history.fold_failed", [(key: "error", value: .string(String(describing: error)))])
        }
    }

    /// Stops sweeping and waits for a sweep under way to end (before storage closes).
    package func stop() {
        stopping.signal()
        finished.wait()
    }

    /// One sweep over every image id, as of now; returns the rows it deleted. A step that
    /// fails (storage closing, the database away) ends the sweep: the next one starts over.
    @discardableResult
    package func sweep() -> Int {
        var deleted = 0
        fold()
        do {
            guard let last = try storage.lastImageID()?.rawValue else { return 0 }
            let now = LogClock.milliseconds()
            var first: Int64 = 1
            while first <= last {
                let end = min(last, first + HistoryPruning.imagesPerStep - 1)
                deleted += try storage.pruneHistory(retention, images: first...end, now: now)
                first = end + 1
            }
        } catch {
            log.log(.warning, "history.prune_failed", [(key: "error", value: .string(String(describing: error)))])
        }
        if deleted > 0 { log.log(.info, "history.pruned", [(key: "rows", value: .number(Double(deleted)))]) }
        return deleted
    }
}
