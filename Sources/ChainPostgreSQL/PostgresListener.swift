import Dispatch
import Foundation
import Glibc
import Synchronization

/// Listens, on a connection and thread of its own, for what other instances notify: the
/// commits `chain_log` announces, and the calls, answers and streams `PostgresCallRelay`
/// relays. After its connection is lost it connects again, once a second, and runs
/// `connected` first: what was notified in between reached nobody, so the owner catches up.
/// The connection itself says this instance is running: `connected` takes a lock on it that
/// lasts as long as it does.
package final class PostgresListener: Sendable {
    /// How long the listener waits between attempts to reconnect.
    package static let retryInterval: Int32 = 1_000

    private let stopping = Atomic<Bool>(false)
    /// A pipe whose write end (`wake[1]`) is written to stop the thread at once, wherever it
    /// waits on the read end.
    private let wake: [Int32]
    private let finished = DispatchGroup()

    /// Starts listening on `channels`, and returns once the first connection is listening (or
    /// failed): an instance counts as running, and hears the others, from its start.
    /// `connected` runs on every new connection, after it listens; `heard` gets every batch
    /// of notifications as it arrives.
    package init(
        url: String, channels: [String], connected: @escaping @Sendable (PostgresConnection) throws -> Void,
        heard: @escaping @Sendable ([PostgresNotification]) -> Void
    ) {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) != 0 { ends = [-1, -1] }
        for end in ends where end >= 0 { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        wake = ends
        finished.enter()
        let readEnd = ends[0]
        let firstAttempt = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            Thread.current.name = "postgres-listener"
            listen(url: url, channels: channels, wake: readEnd, connected: connected, heard: heard) { firstAttempt.signal() }
            finished.leave()
        }
        thread.start()
        _ = firstAttempt.wait(timeout: .now() + .seconds(PostgresConnection.connectTimeoutSeconds + 1))
    }

    /// Stops the thread and waits for it to end. Idempotent.
    package func stop() {
        if !stopping.exchange(true, ordering: .sequentiallyConsistent) {
            var one: UInt8 = 1
            _ = write(wake[1], &one, 1)
        }
        finished.wait()
    }

    deinit {
        stop()
        for end in wake where end >= 0 { close(end) }
    }

    private func listen(
        url: String, channels: [String], wake: Int32, connected: @Sendable (PostgresConnection) throws -> Void,
        heard: @Sendable ([PostgresNotification]) -> Void, attempted: () -> Void
    ) {
        var connection: PostgresConnection?
        var first = true
        while !stopping.load(ordering: .sequentiallyConsistent) {
            do {
                if connection == nil || !(connection?.isConnected ?? false) {
                    connection?.close()
                    connection = nil
                    defer {
                        if first { attempted() }
                        first = false
                    }
                    let fresh = try PostgresConnection(url: url)
                    connection = fresh
                    for channel in channels { try fresh.listen(channel) }
                    try connected(fresh)
                }
                guard let connection else { continue }
                let notifications = try connection.notifications(waitingUpTo: -1, orUntilReadable: wake)
                if !notifications.isEmpty { heard(notifications) }
            } catch {
                connection?.close()
                connection = nil
                var descriptor = pollfd(fd: wake, events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, Self.retryInterval)
            }
        }
        connection?.close()
    }
}
