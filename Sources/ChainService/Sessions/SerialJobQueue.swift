import ChainSupport
import Dispatch

/// Runs jobs one at a time, in order, without a thread of its own: a job runs on the thread
/// that submitted it, or after the job before it. A job may finish later from any thread
/// (after a commit, say); the job waiting behind it then starts on a global dispatch queue,
/// never on the finishing thread, which may be the catalog writer's. This is how one
/// session's requests are serialized while requests of different sessions run in parallel,
/// and nothing ever blocks waiting for its turn.
package final class SerialJobQueue: Sendable {
    /// A job gets `finish`, which it must call exactly once, now or later.
    package typealias Job = @Sendable (_ finish: @escaping @Sendable () -> Void) -> Void

    private struct State {
        /// Jobs waiting, from `head` on; the taken prefix is dropped once it is half the
        /// array, so taking a job is O(1) amortised even when thousands pile up.
        var jobs: [Job] = []
        var head = 0
        var running = false

        var waiting: Int { jobs.count - head }

        mutating func take() -> Job? {
            guard head < jobs.count else { return nil }
            let job = jobs[head]
            head += 1
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
            } else if head > 64, head * 2 > jobs.count {
                jobs.removeFirst(head)
                head = 0
            }
            return job
        }
    }

    private let state = Lock(State())

    package init() {}

    package var pendingCount: Int { state.withLock { $0.waiting + ($0.running ? 1 : 0) } }

    package func submit(_ job: @escaping Job) {
        let start = state.withLock { state -> Bool in
            state.jobs.append(job)
            guard !state.running else { return false }
            state.running = true
            return true
        }
        if start { drain() }
    }

    /// Runs queued jobs until one finishes asynchronously (its `finish` resumes draining) or
    /// none is left. Jobs that finish at once are looped over, not recursed into.
    private func drain() {
        while true {
            let next = state.withLock { state -> Job? in
                guard let job = state.take() else {
                    state.running = false
                    return nil
                }
                return job
            }
            guard let job = next else { return }
            let handoff = Handoff()
            job { [self] in
                if handoff.finish() { resumeElsewhere() }
            }
            if !handoff.returned() { return }
        }
    }

    /// After a job finished later, on whatever thread finished it: the queue stops when
    /// nothing waits (the common case, and no hop), or the next job starts on a global queue.
    /// The queue stays running meanwhile, so no `submit` starts a second drain.
    private func resumeElsewhere() {
        let waiting = state.withLock { state -> Bool in
            if state.waiting > 0 { return true }
            state.running = false
            return false
        }
        if waiting { DispatchQueue.global().async { self.drain() } }
    }

    /// Tells the loop and `finish` which of them came second, so exactly one carries on.
    private final class Handoff: Sendable {
        private let state = Lock(0)  // 0: running, 1: finished first, 2: returned first

        /// `true` when the job had already returned: the caller must resume draining.
        func finish() -> Bool {
            state.withLock { state in
                if state == 2 { return true }
                state = 1
                return false
            }
        }

        /// `true` when the job had already finished: the loop goes on.
        func returned() -> Bool {
            state.withLock { state in
                if state == 1 { return true }
                state = 2
                return false
            }
        }
    }
}
