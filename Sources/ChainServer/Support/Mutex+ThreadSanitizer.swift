#if CHAIN_TSAN
import Glibc

/// `Synchronization.Mutex` as ThreadSanitizer can see it, for `make test-tsan` only (built
/// with `-D CHAIN_TSAN`); other builds use the standard one.
///
/// On Linux the standard `Mutex` locks with atomics compiled into the Swift runtime, which is
/// not instrumented, and a futex: ThreadSanitizer sees neither, so every access it guards
/// looks like a race (41 reports, all inside `withLock`). This one locks a `pthread_mutex_t`,
/// which ThreadSanitizer intercepts. Declared in this module, it shadows the imported one in
/// every file here and in the tests that import this module.
final class Mutex<Value>: @unchecked Sendable {
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(lock, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return try body(&value)
    }
}
#endif
