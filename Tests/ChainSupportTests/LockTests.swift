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
        // Two threads of their own, both started before either is waited for: nothing orders
        // one's writes before the other's, however the machine schedules them (on a busy
        // machine concurrentPerform may run both iterations on one thread, with no race).
        let done = DispatchSemaphore(value: 0)
        for index in 0..<2 {
            Thread {
                for step in 0..<100_000 { shared.value = step + index }
                done.signal()
            }.start()
        }
        done.wait()
        done.wait()
        #expect(shared.value >= 0)
    }
}
