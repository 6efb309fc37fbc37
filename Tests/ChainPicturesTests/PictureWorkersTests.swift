import ChainPictures
import Dispatch
import Foundation
import Synchronization
import Testing

/// The picture workers' two kinds of job: requests go before background jobs queued earlier,
/// background jobs no longer wanted are dropped unrun, and both queues are bounded.
@Suite struct PictureWorkersTests {
    /// The order jobs ran in, by name.
    final class Journal: Sendable {
        private let names = Mutex<[String]>([])
        let done = DispatchSemaphore(value: 0)

        func ran(_ name: String) {
            names.withLock { $0.append(name) }
            done.signal()
        }

        var order: [String] { names.withLock { $0 } }
    }

    @Test func aRequestGoesBeforeBackgroundJobsQueuedEarlierAndWaitsOnlyForTheOneRunning() {
        let workers = PictureWorkers(count: 1, maxQueued: 8, maxBackground: 8)
        let journal = Journal()
        let (started, gate) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        #expect(workers.background(for: 1, isWanted: { true }) {
            started.signal()
            gate.wait()
            journal.ran("background 1")
        })
        #expect(workers.background(for: 2, isWanted: { true }) { journal.ran("background 2") })
        #expect(workers.background(for: 3, isWanted: { true }) { journal.ran("background 3") })
        started.wait()
        #expect(workers.request(for: 4) { journal.ran("request") })
        gate.signal()
        for _ in 0..<4 { journal.done.wait() }
        #expect(journal.order == ["background 1", "request", "background 2", "background 3"])
    }

    @Test func aBackgroundJobNoLongerWantedIsDroppedUnrun() {
        let workers = PictureWorkers(count: 1, maxQueued: 8, maxBackground: 8)
        let journal = Journal()
        let wanted = Atomic<Bool>(true)
        let gate = DispatchSemaphore(value: 0)
        _ = workers.request(for: 1) { gate.wait() }
        let ended = Mutex<[PictureWorkers.BackgroundEnd]>([])
        _ = workers.background(for: 2, isWanted: { wanted.load(ordering: .relaxed) }, { journal.ran("stale") }) { end in
            ended.withLock { $0.append(end) }
        }
        _ = workers.background(for: 3, isWanted: { true }, { journal.ran("wanted") }) { end in ended.withLock { $0.append(end) } }
        wanted.store(false, ordering: .relaxed)
        gate.signal()
        journal.done.wait()
        #expect(journal.order == ["wanted"])
        // `ended` is told after the job returns: wait for both.
        while ended.withLock({ $0.count }) < 2 { usleep(1_000) }
        #expect(ended.withLock { $0 } == [.stale, .ran])
    }

    @Test func bothQueuesAreBounded() {
        let workers = PictureWorkers(count: 1, maxQueued: 1, maxBackground: 1)
        let gate = DispatchSemaphore(value: 0)
        #expect(workers.request(for: 1) { gate.wait() })
        #expect(!workers.request(for: 2) {})
        #expect(workers.background(for: 3, isWanted: { true }) {})
        #expect(!workers.background(for: 4, isWanted: { true }) {})
        gate.signal()
    }
}
