import ChainSupport
import Dispatch

/// A fixed set of reading connections lent to one caller at a time.
///
/// Readers never block the writer nor each other (SQLite in WAL mode, PostgreSQL always), so
/// a few connections serve many request threads; a caller that finds all of them busy waits
/// for one to come back rather than opening more (reads are short: one indexed page at most).
package final class ConnectionPool<Connection: Sendable>: Sendable {
    private struct State {
        var idle: [Connection]
        var isClosed = false
    }

    private let state: Lock<State>
    /// Counts idle connections, so waiting for one is a semaphore wait, not a spin.
    private let available: DispatchSemaphore
    private let size: Int
    private let closeConnection: @Sendable (Connection) -> Void

    /// Opens `count` connections (at least one) with `open`; `close` closes one. When an
    /// open throws, the ones already open are closed and the error is rethrown.
    package init(count: Int, open: () throws -> Connection, close: @escaping @Sendable (Connection) -> Void) throws {
        size = max(1, count)
        closeConnection = close
        var connections: [Connection] = []
        do {
            for _ in 0..<size { connections.append(try open()) }
        } catch {
            connections.forEach(close)
            throw error
        }
        state = Lock(State(idle: connections))
        available = DispatchSemaphore(value: size)
    }

    /// Runs `body` with a connection nobody else is using; throws `closed` after `close()`.
    package func read<T>(_ body: (Connection) throws -> T) throws -> T {
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
    package func close() {
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
        connections.forEach(closeConnection)
        // Hand the permits back: waiters wake to see `isClosed`, and a semaphore released
        // below its initial value would trap when deallocated.
        for _ in 0..<size { available.signal() }
    }
}
