internal import CMicroHTTPD
import ChainSupport
import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A response body written over time from any thread: server-sent events. libmicrohttpd pulls
/// it through a content-reader callback; when nothing is pending the callback suspends the
/// connection and returns 0 (the pattern `microhttpd.h` prescribes), and the next `send`
/// resumes it. A parked stream holds no thread and does not time out.
///
/// Bytes a client does not read pile up here only to `maxPendingBytes` beyond what is left of
/// the stream's opening (its `hello`, or the events a resuming client missed, which may be
/// larger); past that the stream is cut, and the client resumes from its last event id. A
/// stream whose bytes wait for a while with the client getting no further (`cutIfStalled`:
/// its TCP acknowledges nothing, or libmicrohttpd takes nothing) is cut as well: its client
/// stopped reading. A cut stream's socket is shut down, so that libmicrohttpd closes the
/// connection at once rather than hold it, waiting to send what it already took, for as
/// long as the client does not read.
package final class HTTPStream: Sendable, Equatable {
    private struct State {
        var pending: [UInt8] = []
        var offset = 0
        var finished = false
        var failed = false
        var suspended = false
        var connection: HTTPConnectionHandle?
        /// The connection's socket, open until libmicrohttpd lets go of the stream; -1 before.
        var descriptor: Int32 = -1
        /// libmicrohttpd is done with the stream: the client left, or it was finished and sent.
        var closed = false
        /// Bytes of the opening not yet read: they do not count against `maxPendingBytes`.
        var openingUnread = 0
        /// Bytes libmicrohttpd has taken in all.
        var taken = 0
        /// Where the stream stood when `cutIfStalled` last saw it move (or nothing wait), and when.
        var progressMark: Progress?
        var progressSince: ContinuousClock.Instant?
        var onClose: [@Sendable () -> Void] = []
        /// The watch noticing the client's hang-up, and the socket's token there.
        var hangups: (watch: HTTPStreamHangups, token: UInt64)?
    }

    package let maxPendingBytes: Int
    private let state = Lock(State())

    package init(maxPendingBytes: Int = 1 << 20) {
        self.maxPendingBytes = maxPendingBytes
    }

    package static func == (lhs: HTTPStream, rhs: HTTPStream) -> Bool { lhs === rhs }

    /// Runs `action` once when the stream is over for its client: libmicrohttpd let go of
    /// it, or it was cut (its client left or stopped reading), whichever comes first; right
    /// away when it already is. Every action given runs.
    package func onClose(_ action: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.closed || state.failed { return true }
            state.onClose.append(action)
            return false
        }
        if now { action() }
    }

    /// Queues the stream's first bytes whatever their size: the limit is for a client that
    /// stops reading, and this one has not had the chance to start. A resume may owe it up
    /// to the session's last 1,000 events, and cutting that would only bring it back for
    /// the same again.
    package func sendOpening(_ bytes: [UInt8]) {
        state.withLock { state in
            guard !state.finished, !state.closed else { return }
            state.openingUnread += bytes.count
            state.pending.append(contentsOf: bytes)
            Self.wake(&state)
        }
    }

    /// Queues `bytes`; `false` when the stream is over (finished, cut, or its client gone).
    @discardableResult
    package func send(_ bytes: [UInt8]) -> Bool {
        state.withLock { state in
            guard !state.finished, !state.closed else { return false }
            if state.pending.count - state.offset + bytes.count > maxPendingBytes + state.openingUnread {
                // The client stopped reading: cut it rather than hold its backlog.
                Self.cut(&state)
                return false
            }
            state.pending.append(contentsOf: bytes)
            Self.wake(&state)
            return true
        }
    }

    /// Ends the stream once what is queued has gone out.
    package func finish() {
        state.withLock { state in
            guard !state.finished else { return }
            state.finished = true
            Self.wake(&state)
        }
    }

    /// How far a stream's bytes have got: taken by libmicrohttpd, and acknowledged by the
    /// client's TCP (with what the socket still queues), when the socket tells.
    private struct Progress: Equatable {
        var taken: Int
        var acknowledged: UInt64?
    }

    /// Whether libmicrohttpd is done with the stream, or it was cut.
    package var isOver: Bool {
        state.withLock { $0.closed || $0.failed }
    }

    /// Cuts the stream when bytes have waited for its client since `limit` ago (the last
    /// time this found nothing waiting, or found the client further on) without the client
    /// getting further; `true` when it is cut now. Call it now and then: the stall is
    /// measured between calls.
    ///
    /// Bytes wait in two places: here, until libmicrohttpd takes them, and in the socket,
    /// until the client's TCP acknowledges them, which it does only while the client reads
    /// (and its receive buffer has room). While the socket holds unacknowledged bytes, only
    /// acknowledgements count as getting further: the kernel's send buffer (megabytes on
    /// loopback) takes whatever libmicrohttpd writes, so bytes being taken says nothing of
    /// the client. While it holds none, bytes waiting here that libmicrohttpd does not take
    /// are the stall.
    package func cutIfStalled(after limit: Duration, now: ContinuousClock.Instant = .now) -> Bool {
        state.withLock { state in
            // A finished stream still counts until its last bytes are out: `ended` to a client
            // that stopped reading would otherwise hold the connection as long.
            guard !state.failed, !state.closed else { return false }
            let socket = SocketSendState(of: state.descriptor)
            let inSocket = (socket?.queued ?? 0) > 0
            let here = state.pending.count > state.offset
            let progress = Progress(taken: inSocket ? 0 : state.taken, acknowledged: inSocket ? socket?.acknowledged : nil)
            guard inSocket || here, progress == state.progressMark, let since = state.progressSince else {
                state.progressMark = progress
                state.progressSince = now
                return false
            }
            guard now - since >= limit else { return false }
            Self.cut(&state)
            return true
        }
    }

    /// Ends the stream at once, dropping what is queued, and shuts its socket down:
    /// libmicrohttpd closes the connection on its next look at it, however much it still
    /// meant to send. The socket lingers for nothing (`SO_LINGER` 0), so that close resets
    /// the connection and frees its send buffer at once, rather than leaving the kernel to
    /// offer megabytes to a client that takes nothing, for minutes.
    ///
    /// The close actions run now, not when libmicrohttpd gets round to the connection: the
    /// stream can carry nothing more, so its session counts it out at once.
    private static func cut(_ state: inout State) {
        state.failed = true
        state.finished = true
        state.pending = []
        state.offset = 0
        let actions = state.onClose
        state.onClose = []
        if !actions.isEmpty { DispatchQueue.global().async { for action in actions { action() } } }
        // Under the lock, before `released`: the descriptor is still this connection's.
        if state.descriptor >= 0, !state.closed {
            var noLinger = linger(l_onoff: 1, l_linger: 0)
            _ = setsockopt(state.descriptor, SOL_SOCKET, SO_LINGER, &noLinger, socklen_t(MemoryLayout<linger>.size))
            _ = shutdown(state.descriptor, Int32(SHUT_RDWR))
        }
        wake(&state)
    }

    /// Resumes a parked connection (under the lock, as `HTTPPendingReply` does, so shutdown
    /// cannot stop the daemon in the middle of it).
    private static func wake(_ state: inout State) {
        guard state.suspended, let connection = state.connection else { return }
        state.suspended = false
        MHD_resume_connection(connection.pointer)
    }

    // MARK: libmicrohttpd's side

    /// The connection serving the stream, set as the response is queued; `hangups` watches
    /// its socket for the client leaving.
    package func attach(to connection: OpaquePointer, hangups: HTTPStreamHangups? = nil) {
        attach(HTTPConnectionHandle(pointer: connection), descriptor: cmhd_connection_fd(connection), hangups: hangups)
    }

    /// The connection to resume and the socket `clientHasLeft` looks at (a test gives a
    /// socket of its own and no connection).
    package func attach(_ connection: HTTPConnectionHandle?, descriptor: Int32, hangups: HTTPStreamHangups? = nil) {
        state.withLock { state in
            state.connection = connection
            state.descriptor = descriptor
            // Under the lock, so `released` cannot come between the watch and its record.
            guard let hangups, !state.closed, let token = hangups.watch(self, descriptor: descriptor) else { return }
            state.hangups = (hangups, token)
        }
    }

    /// Whether the stream is over for its client: libmicrohttpd let go of it, it was cut
    /// (its client stopped reading), or its socket says, without a write, that the client
    /// hung up (sent its FIN) or the connection failed. A stream found so by its socket is
    /// cut, and libmicrohttpd closes it soon after. The socket is only asked (`poll` with no
    /// wait), never read or written here.
    ///
    /// A FIN is taken for leaving: a client of a stream has nothing more to send, and an
    /// `EventSource` never half-closes. One that did (sent its FIN and kept reading) would
    /// lose its stream here, at the cap only, and reconnect.
    package func clientHasLeft() -> Bool {
        state.withLock { state in
            if state.closed || state.failed { return true }
            // Under the lock: `released` comes first, and libmicrohttpd closes the socket
            // only after it, so the descriptor is still this connection's.
            guard state.descriptor >= 0, !state.finished else { return false }
            guard cmhd_socket_peer_gone(state.descriptor) != 0 else { return false }
            Self.cut(&state)
            return true
        }
    }

    /// The content reader: up to `capacity` pending bytes, end of stream, or (nothing
    /// pending) suspend and 0.
    package func read(into buffer: UnsafeMutableRawPointer, capacity: Int) -> Int {
        state.withLock { state in
            if state.failed { return CMHD_CONTENT_END_WITH_ERROR }
            let available = state.pending.count - state.offset
            if available > 0 {
                let count = min(available, capacity)
                state.pending.withUnsafeBytes { bytes in
                    buffer.copyMemory(from: bytes.baseAddress! + state.offset, byteCount: count)
                }
                state.offset += count
                state.taken += count
                state.openingUnread = max(0, state.openingUnread - count)
                // An idle stream holds no buffer: most sit parked between small events.
                if state.offset == state.pending.count {
                    state.pending = []
                    state.offset = 0
                }
                return count
            }
            if state.finished { return CMHD_CONTENT_END_OF_STREAM }
            guard let connection = state.connection else { return 0 }
            state.suspended = true
            MHD_suspend_connection(connection.pointer)
            return 0
        }
    }

    /// libmicrohttpd destroyed the response: the connection is gone or done. The close
    /// actions run soon after, on another thread.
    package func released() {
        let actions = state.withLock { state -> [@Sendable () -> Void] in
            // Out of the hang-up watch while the descriptor is still this connection's.
            if let hangups = state.hangups, state.descriptor >= 0 {
                hangups.watch.forget(hangups.token, descriptor: state.descriptor)
            }
            state.hangups = nil
            state.closed = true
            state.finished = true
            state.connection = nil
            state.descriptor = -1
            state.suspended = false
            state.pending = []
            defer { state.onClose = [] }
            return state.onClose
        }
        // Not on libmicrohttpd's call: the actions take locks of their own (a session's
        // events), which a thread sending on a stream holds while it resumes a connection.
        guard !actions.isEmpty else { return }
        DispatchQueue.global().async { for action in actions { action() } }
    }

    /// The C callbacks, capturing nothing; the stream is retained for the response's life.
    static let reader: MHD_ContentReaderCallback = { context, _, buffer, capacity in
        guard let context, let buffer else { return CMHD_CONTENT_END_WITH_ERROR }
        return Unmanaged<HTTPStream>.fromOpaque(context).takeUnretainedValue().read(into: buffer, capacity: capacity)
    }

    static let release: MHD_ContentReaderFreeCallback = { context in
        guard let context else { return }
        Unmanaged<HTTPStream>.fromOpaque(context).takeRetainedValue().released()
    }
}
