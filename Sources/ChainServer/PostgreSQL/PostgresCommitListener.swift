import Dispatch
import Foundation
import Glibc
import Synchronization

/// Listens, on a connection and thread of its own, for the notifications `chain_log` sends
/// as other instances commit, and tells the writer to follow them (`onCommit`). After its
/// connection is lost it connects again, once a second, and asks to follow at once: what
/// was committed in between sent notifications nobody heard.
final class PostgresCommitListener: Sendable {
    /// How long the listener waits between attempts to reconnect.
    static let retryInterval: Int32 = 1_000

    private let stopping = Atomic<Bool>(false)
    /// A pipe whose write end (`wake[1]`) is written to stop the thread at once, wherever it
    /// waits on the read end.
    private let wake: [Int32]
    private let finished = DispatchGroup()

    /// Starts listening. `origin` is this instance's: its own commits are not news.
    init(url: String, origin: String, onCommit: @escaping @Sendable () -> Void) {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) != 0 { ends = [-1, -1] }
        for end in ends where end >= 0 { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        wake = ends
        finished.enter()
        let readEnd = ends[0]
        let thread = Thread { [self] in
            Thread.current.name = "commit-listener"
            listen(url: url, origin: origin, wake: readEnd, onCommit: onCommit)
            finished.leave()
        }
        thread.start()
    }

    /// Stops the thread and waits for it to end. Idempotent.
    func stop() {
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

    private func listen(url: String, origin: String, wake: Int32, onCommit: @Sendable () -> Void) {
        var connection: PostgresConnection?
        while !stopping.load(ordering: .sequentiallyConsistent) {
            do {
                if connection == nil || !(connection?.isConnected ?? false) {
                    connection?.close()
                    connection = nil
                    let fresh = try PostgresConnection(url: url)
                    connection = fresh
                    try fresh.listen(PostgresSchema.logChannel)
                    onCommit()
                }
                guard let connection else { continue }
                let payloads = try connection.notifications(waitingUpTo: -1, orUntilReadable: wake)
                if payloads.contains(where: { $0 != origin }) { onCommit() }
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
