import ChainService
import ChainSupport
import Dispatch
import Foundation
import Synchronization
import Testing

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

        private let state = Lock(State())
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

    /// The job behind one that finishes later starts once it finished, and not on the thread
    /// that finished it: that may be the catalog writer's, which must go on committing.
    @Test func aJobWaitsForTheOneBeforeAndStartsOffTheThreadThatFinishedIt() throws {
        let queue = SerialJobQueue()
        let finishFirst = Lock<(@Sendable () -> Void)?>(nil)
        let ranOn = Lock<pthread_t?>(nil)
        let secondRan = DispatchSemaphore(value: 0)

        queue.submit { finish in finishFirst.withLock { $0 = finish } }
        queue.submit { finish in
            ranOn.withLock { $0 = pthread_self() }
            secondRan.signal()
            finish()
        }

        #expect(ranOn.withLock { $0 } == nil)
        #expect(queue.pendingCount == 2)
        finishFirst.withLock { $0 }?()
        #expect(secondRan.wait(timeout: .now() + 5) == .success)
        let thread = try #require(ranOn.withLock { $0 })
        #expect(pthread_equal(thread, pthread_self()) == 0)
        let deadline = ContinuousClock.now + .seconds(5)
        while queue.pendingCount > 0, ContinuousClock.now < deadline { usleep(1_000) }
        #expect(queue.pendingCount == 0)
    }

    /// A job finishing later with none behind it stops the queue right there: the next one
    /// submitted starts on the submitting thread, at once.
    @Test func aJobSubmittedAfterTheQueueEmptiedRunsOnTheSubmittingThread() {
        let queue = SerialJobQueue()
        let finishFirst = Lock<(@Sendable () -> Void)?>(nil)
        queue.submit { finish in finishFirst.withLock { $0 = finish } }
        finishFirst.withLock { $0 }?()
        #expect(queue.pendingCount == 0)

        let ranHere = Lock(false)
        let submitter = pthread_self()
        queue.submit { finish in
            ranHere.withLock { $0 = pthread_equal(pthread_self(), submitter) != 0 }
            finish()
        }
        #expect(ranHere.withLock { $0 })
    }

    @Test func aJobSubmittedFromAJobRunsAfterItNotInsideIt() {
        let queue = SerialJobQueue()
        let events = Lock<[String]>([])

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
        let ran = Lock(0)

        // Hold the queue with a first job so the rest pile up and drain in one go.
        let release = Lock<(@Sendable () -> Void)?>(nil)
        queue.submit { finish in release.withLock { $0 = finish } }
        for _ in 0..<count {
            queue.submit { finish in
                ran.withLock { $0 += 1 }
                finish()
            }
        }
        #expect(queue.pendingCount == count + 1)

        // Finishing the first job (on a thread with a small stack, as a hint that nothing is
        // left on it) drains the rest in one loop on a global queue: a frame per job would
        // overflow any thread's stack.
        let finished = Signal()
        let thread = Thread {
            release.withLock { $0 }?()
            finished.fire()
        }
        thread.stackSize = 256 << 10
        thread.start()

        await finished.wait()
        let deadline = ContinuousClock.now + .seconds(30)
        while queue.pendingCount > 0, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(5)) }
        #expect(ran.withLock { $0 } == count)
        #expect(queue.pendingCount == 0)
    }

    @Test func hundredThousandJobsSubmittedOneAfterAnotherRunAtOnce() {
        let queue = SerialJobQueue()
        let ran = Lock(0)

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
    private let state = Lock<(fired: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

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
