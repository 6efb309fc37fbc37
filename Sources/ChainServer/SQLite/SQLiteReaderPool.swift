import Dispatch
import Synchronization

/// A fixed set of read-only connections lent to one caller at a time.
///
/// With WAL, readers never block the writer nor each other, so a few connections serve many
/// request threads; a caller that finds all of them busy waits for one to come back rather
/// than opening more (reads are short: one indexed page at most).
final class SQLiteReaderPool: Sendable {
    private struct State {
        var idle: [SQLiteConnection]
        var isClosed = false
    }

    private let state: Mutex<State>
    /// Counts idle connections, so waiting for one is a semaphore wait, not a spin.
    private let available: DispatchSemaphore
    private let size: Int

    /// Opens `count` read-only connections to `path` (at least one).
    init(path: String, count: Int, busyTimeoutMilliseconds: Int32) throws {
        size = max(1, count)
        var connections: [SQLiteConnection] = []
        do {
            for _ in 0..<size {
                let connection = try SQLiteConnection(path: path, mode: .readOnly)
                connections.append(connection)
                try connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
            }
        } catch {
            for connection in connections { try? connection.close() }
            throw error
        }
        state = Mutex(State(idle: connections))
        available = DispatchSemaphore(value: size)
    }

    /// Runs `body` with a connection nobody else is using; throws `closed` after `close()`.
    func read<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        available.wait()
        let lent = state.withLock { state in state.isClosed ? nil : state.idle.popLast() }
        guard let connection = lent else {
            available.signal()
            throw CatalogStoreError.closed
        }
        defer {
            state.withLock { $0.idle.append(connection) }
            available.signal()
        }
        return try body(connection)
    }

    /// Waits for lent connections to come back, then closes them all. Idempotent; reads after
    /// it throw `closed`.
    func close() {
        let first = state.withLock { state in
            defer { state.isClosed = true }
            return !state.isClosed
        }
        guard first else { return }
        for _ in 0..<size { available.wait() }
        let connections = state.withLock { state in
            defer { state.idle.removeAll() }
            return state.idle
        }
        for connection in connections {
            do {
                try connection.close()
            } catch {
                // Only possible if a statement escaped finalization: a bug to catch in tests.
                assertionFailure("closing a catalog reader connection failed: \(error)")
            }
        }
        // Hand the permits back: waiters wake to see `isClosed`, and a semaphore released
        // below its initial value would trap when deallocated.
        for _ in 0..<size { available.signal() }
    }
}
