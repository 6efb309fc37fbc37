internal import CMicroHTTPD
import ChainSupport
import Foundation

/// Notices an event stream's client leaving when it leaves, not at the stream's next write.
///
/// A stream spends its life parked (`HTTPStream.read` suspends its connection), and
/// libmicrohttpd takes a suspended connection's socket out of its own epoll set, so a FIN or
/// a reset would otherwise go unseen until the next keep-alive, up to 15 s later, while the
/// session's remote handlers still counted as live. Here one thread waits on an epoll set of
/// every open stream's socket, registered one-shot for the peer's FIN, a reset or an error;
/// when one fires the stream is asked (`HTTPStream.clientHasLeft`), which cuts it and runs
/// its close actions at once. The stream's close takes its socket out of the set before
/// libmicrohttpd closes the descriptor (`HTTPStream.released`), and every socket is known
/// by a token never given twice, so an event that races a close finds nothing, never a
/// reused descriptor's stream.
package final class HTTPStreamHangups: Sendable {
    private struct State {
        var next: UInt64 = 0
        var watched: [UInt64: HTTPStream] = [:]
        var stopped = false
    }

    private let epoll: Int32
    private let state = Lock(State())
    /// How long one wait lasts, so a stopped watch's thread ends soon after.
    package static let waitMilliseconds: Int32 = 250

    package init() {
        epoll = cmhd_hangups_create()
        guard epoll >= 0 else { return }
        // Weakly held: a server never started, or dropped, lets its watch go, and the
        // thread ends within a wait.
        let thread = Thread { [weak self, epoll] in
            var tokens = [UInt64](repeating: 0, count: 64)
            while let watch = self, watch.waitOnce(&tokens) {}
            cmhd_hangups_close(epoll)
        }
        thread.name = "chain.hangups"
        thread.start()
    }

    /// Whether streams are watched at all (epoll is Linux's); elsewhere a stream's client is
    /// still found gone at its next write, as before.
    package var isWatching: Bool { epoll >= 0 }

    /// Watches `descriptor`, `stream`'s socket, until `forget` with the token returned (`nil`
    /// when it cannot be watched: the socket is then found gone at a write).
    package func watch(_ stream: HTTPStream, descriptor: Int32) -> UInt64? {
        guard epoll >= 0, descriptor >= 0 else { return nil }
        return state.withLock { state -> UInt64? in
            guard !state.stopped else { return nil }
            state.next += 1
            let token = state.next
            guard cmhd_hangups_add(epoll, descriptor, token) == 0 else { return nil }
            state.watched[token] = stream
            return token
        }
    }

    /// Stops watching the socket of `token`, still open: called before it closes. A socket
    /// that fired is still in the set, unarmed, until this (or its close) takes it out.
    package func forget(_ token: UInt64, descriptor: Int32) {
        state.withLock { state in
            state.watched.removeValue(forKey: token)
            guard !state.stopped else { return }
            _ = cmhd_hangups_remove(epoll, descriptor)
        }
    }

    /// Ends the thread within a wait; the set closes with it.
    package func stop() {
        state.withLock { state in
            state.stopped = true
            state.watched = [:]
        }
    }

    /// How many sockets are watched now.
    package var count: Int { state.withLock { $0.watched.count } }

    /// One wait, and the streams whose clients left asked; `false` once stopped.
    private func waitOnce(_ tokens: inout [UInt64]) -> Bool {
        guard !state.withLock({ $0.stopped }) else { return false }
        let count = tokens.withUnsafeMutableBufferPointer { buffer in
            cmhd_hangups_wait(epoll, buffer.baseAddress, Int32(buffer.count), Self.waitMilliseconds)
        }
        guard count > 0 else { return true }
        // One-shot: a socket that fired stays in the set unarmed until its close takes it
        // out; only the table forgets it here.
        let left = state.withLock { state in
            tokens.prefix(Int(count)).compactMap { state.watched.removeValue(forKey: $0) }
        }
        for stream in left { _ = stream.clientHasLeft() }
        return true
    }
}
