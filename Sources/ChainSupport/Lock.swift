#if CHAIN_TSAN
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one lock every module of the server uses: `Synchronization.Mutex`, except in
/// `make test-tsan` (built with `-D CHAIN_TSAN`), where it is this class over a
/// `pthread_mutex_t`.
///
/// On Linux the standard `Mutex` locks with atomics compiled into the Swift runtime, which is
/// not instrumented, and a futex: ThreadSanitizer sees neither, so every access it guards
/// looks like a race (41 reports, all inside `withLock`). ThreadSanitizer intercepts
/// `pthread_mutex_lock`, so it sees this one. Declared in the module every other one imports,
/// it holds in every module: a shadow of `Mutex` (what there was before the modules) only
/// reached the module that declared it, so the others would quietly have gone unchecked.
package final class Lock<Value>: @unchecked Sendable {
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        pthread_mutex_init(lock, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    package func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return try body(&value)
    }
}
#else
import Synchronization

/// The one lock every module of the server uses: `Synchronization.Mutex`, except in
/// `make test-tsan`, where it is a class ThreadSanitizer can see (the other branch of this
/// file). Code says `Lock`, never `Mutex`, so that build checks every module.
package typealias Lock<Value> = Mutex<Value>
#endif
