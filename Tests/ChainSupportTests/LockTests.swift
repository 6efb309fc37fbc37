import ChainSupport
import Dispatch
import Foundation
import Testing

/// `Lock`, the one lock of every module: what it guards is seen whole by every thread. Under
/// `make test-tsan` it is the pthread lock ThreadSanitizer sees, and the race test below,
/// run on its own by `make test-tsan` with `CHAIN_TSAN_RACE=1`, must make ThreadSanitizer
/// fail the run: the proof that the sanitizer is watching at all.
@Suite("Lock")
struct LockTests {
    /// Two threads adding under the lock lose no addition.
    @Test func additionsUnderTheLockAreNeverLost() {
        let counter = Lock(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == 40_000)
    }

    /// The lock passes on what its body returns and throws.
    @Test func theBodysResultAndErrorComeThrough() {
        struct Refused: Error {}
        let lock = Lock([1, 2])
        #expect(lock.withLock { $0.count } == 2)
        #expect(throws: Refused.self) { try lock.withLock { _ throws(Refused) in throw Refused() } }
    }

    /// A deliberate data race: two threads write one unguarded field. Enabled only with
    /// `CHAIN_TSAN_RACE=1`; under ThreadSanitizer (halt_on_error=1) the run must fail.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CHAIN_TSAN_RACE"] == "1"))
    func aRaceThreadSanitizerMustCatch() {
        final class Unguarded: @unchecked Sendable { var value = 0 }
        let shared = Unguarded()
        // Two threads of their own, each writing its number and reading the field back until
        // it finds the other's: the race runs until the two have been seen to overlap in
        // time (or 10 s pass). Merely started, or even meeting at a barrier first, a busy
        // machine could run one thread's writes to the end before the other's began, and
        // ThreadSanitizer did not report that (a CI run, and 3 of 3 runs beside four busy
        // loops: with the runtime's slots per live thread, the accesses of a thread that has
        // ended may no longer be told apart).
        let done = DispatchSemaphore(value: 0)
        for index in 1...2 {
            Thread {
                let deadline = Date().addingTimeInterval(10)
                while Date() < deadline {
                    shared.value = index
                    if shared.value == 3 - index { break }
                }
                done.signal()
            }.start()
        }
        done.wait()
        done.wait()
        #expect(shared.value >= 0)
    }
}
