import Dispatch
import Foundation
import Synchronization
import Testing

@testable import ChainServer

/// The per-session queue: jobs run one at a time in submission order, whichever thread
/// finishes them, and jobs that finish at once do not recurse.
@Suite("SerialJobQueue", .timeLimit(.minutes(1)))
struct SerialJobQueueTests {
    /// What the jobs saw: the order they started in, and how many ran at once at most.
    final class Recorder: Sendable {
        private struct State {
            var started: [Int] = []
            var running = 0
            var mostAtOnce = 0
            var finished = 0
        }

        private let state = Mutex(State())
        let allFinished = Signal()
        let expected: Int

        init(expecting expected: Int) {
            self.expected = expected
        }

        func start(_ index: Int) {
            state.withLock { state in
                state.started.append(index)
                state.running += 1
                state.mostAtOnce = max(state.mostAtOnce, state.running)
            }
        }

        func finish() {
            let done = state.withLock { state -> Bool in
                state.running -= 1
                state.finished += 1
                return state.finished == expected
            }
            if done { allFinished.fire() }
        }

        var started: [Int] { state.withLock { $0.started } }
        var mostAtOnce: Int { state.withLock { $0.mostAtOnce } }
    }

    @Test func jobsFinishingLaterOnOtherThreadsRunInOrderOneAtATime() async {
        let queue = SerialJobQueue()
        let count = 200
        let recorder = Recorder(expecting: count)

        for index in 0..<count {
            queue.submit { finish in
                recorder.start(index)
                // Finish later on another thread, sometimes after a pause, as a commit would.
                DispatchQueue.global().asyncAfter(deadline: .now() + .microseconds(index % 3 == 0 ? 200 : 0)) {
                    recorder.finish()
                    finish()
                }
            }
        }

        await recorder.allFinished.wait()
        #expect(recorder.started == Array(0..<count))
        #expect(recorder.mostAtOnce == 1)
    }

    @Test func jobsSubmittedFromManyThreadsRunOneAtATime() async {
        let queue = SerialJobQueue()
        let count = 400
        let recorder = Recorder(expecting: count)

        DispatchQueue.concurrentPerform(iterations: count) { index in
            queue.submit { finish in
                recorder.start(index)
                if index % 2 == 0 {
                    recorder.finish()
                    finish()
                } else {
                    DispatchQueue.global().async {
                        recorder.finish()
                        finish()
                    }
                }
            }
        }

        await recorder.allFinished.wait()
        #expect(Set(recorder.started) == Set(0..<count))
        #expect(recorder.started.count == count)
        #expect(recorder.mostAtOnce == 1)
    }

    @Test func aJobWaitsForTheOneBeforeToFinish() {
        let queue = SerialJobQueue()
        let finishFirst = Mutex<(@Sendable () -> Void)?>(nil)
        let secondRan = Mutex(false)

        queue.submit { finish in finishFirst.withLock { $0 = finish } }
        queue.submit { finish in
            secondRan.withLock { $0 = true }
            finish()
        }

        #expect(!secondRan.withLock { $0 })
        #expect(queue.pendingCount == 2)
        finishFirst.withLock { $0 }?()
        #expect(secondRan.withLock { $0 })
        #expect(queue.pendingCount == 0)
    }

    @Test func aJobSubmittedFromAJobRunsAfterItNotInsideIt() {
        let queue = SerialJobQueue()
        let events = Mutex<[String]>([])

        queue.submit { finish in
            events.withLock { $0.append("outer starts") }
            queue.submit { finish in
                events.withLock { $0.append("inner") }
                finish()
            }
            events.withLock { $0.append("outer finishes") }
            finish()
        }

        #expect(events.withLock { $0 } == ["outer starts", "outer finishes", "inner"])
    }

    @Test func hundredThousandImmediateJobsDoNotGrowTheStack() async {
        let queue = SerialJobQueue()
        let count = 100_000
        let ran = Mutex(0)

        // Hold the queue with a first job so the rest pile up and drain in one go.
        let release = Mutex<(@Sendable () -> Void)?>(nil)
        queue.submit { finish in release.withLock { $0 = finish } }
        for _ in 0..<count {
            queue.submit { finish in
                ran.withLock { $0 += 1 }
                finish()
            }
        }
        #expect(queue.pendingCount == count + 1)

        // Finishing the first job drains the rest on this thread, whose stack is small:
        // a frame per job would overflow it.
        let drained = Signal()
        let thread = Thread {
            release.withLock { $0 }?()
            drained.fire()
        }
        thread.stackSize = 256 << 10
        thread.start()

        await drained.wait()
        #expect(ran.withLock { $0 } == count)
        #expect(queue.pendingCount == 0)
    }

    @Test func hundredThousandJobsSubmittedOneAfterAnotherRunAtOnce() {
        let queue = SerialJobQueue()
        let ran = Mutex(0)

        for _ in 0..<100_000 {
            queue.submit { finish in
                ran.withLock { $0 += 1 }
                finish()
            }
        }

        #expect(ran.withLock { $0 } == 100_000)
        #expect(queue.pendingCount == 0)
    }
}

/// A one-shot signal an async test can await without holding a thread.
final class Signal: Sendable {
    private let state = Mutex<(fired: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

    func fire() {
        let waiter = state.withLock { state in
            state.fired = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let fired = state.withLock { state in
                if !state.fired { state.waiter = continuation }
                return state.fired
            }
            if fired { continuation.resume() }
        }
    }
}
