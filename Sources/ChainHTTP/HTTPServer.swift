internal import CMicroHTTPD
import ChainSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The HTTP listener: a libmicrohttpd daemon with epoll worker threads that hands each
/// complete request to an `HTTPHandler`. Start it, read `port`, and `shutdown` to drain.
package final class HTTPServer: Sendable {
    package let configuration: Configuration
    private let context: HTTPServerContext
    private let lifecycle = Lock(Lifecycle.idle)

    private enum Lifecycle {
        case idle
        case running(daemon: HTTPDaemonHandle, port: UInt16, context: Unmanaged<HTTPServerContext>)
        case stopping
        case stopped
    }

    package init(configuration: Configuration = Configuration(), handler: any HTTPHandler) {
        self.configuration = configuration
        let connections = HTTPConnectionWatch(
            policy: configuration.slowClientPolicy, connectionLimit: configuration.connectionLimit,
            perAddressLimit: configuration.perIPConnectionLimit)
        self.context = HTTPServerContext(
            handler: handler, maxBodyBytes: configuration.maxBodyBytes, headLimits: configuration.headLimits, connections: connections,
            forwarding: HTTPForwarding(trusting: configuration.trustedProxies))
    }

    deinit {
        shutdown(timeout: .zero)
    }

    /// The port the daemon is bound to (the kernel's choice when configured with 0), or the
    /// configured port while not running.
    package var port: UInt16 {
        lifecycle.withLock { state in
            if case .running(_, let port, _) = state { return port }
            return configuration.port
        }
    }

    /// Binds and starts the worker threads. Throws `HTTPServerError` with a message fit for an
    /// operator (address in use, bad host, bad limits); a server can be started once.
    package func start() throws {
        try lifecycle.withLock { state in
            guard case .idle = state else { throw HTTPServerError.alreadyStarted }
            let launch = try HTTPDaemonLaunch(configuration: configuration)
            let retained = Unmanaged.passRetained(context)
            switch launch.start(context: retained.toOpaque()) {
            case .success(let daemon):
                let bound = cmhd_daemon_bind_port(daemon.pointer)
                context.connections.startSweeping()
                state = .running(daemon: daemon, port: bound == 0 ? configuration.port : bound, context: retained)
            case .failure(let error):
                retained.release()
                throw error
            }
        }
    }

    /// Stops accepting connections, waits until every request handed to the handler has been
    /// answered or `timeout` passes, then stops the daemon. Requests still unanswered then are
    /// closed without a response. Safe to call more than once, concurrently, before `start`,
    /// or after `start` failed; only the first call does (and waits for) the work. Must not be
    /// called on a libmicrohttpd thread (from inside `handle`), since stopping joins them.
    package func shutdown(timeout: Duration) {
        let running: (HTTPDaemonHandle, Unmanaged<HTTPServerContext>)? = lifecycle.withLock { state in
            switch state {
            case .running(let daemon, _, let context):
                state = .stopping
                return (daemon, context)
            case .idle:
                state = .stopped
                return nil
            case .stopping, .stopped:
                return nil
            }
        }
        guard let (daemon, retained) = running else { return }
        // New connections are refused from here on (see `HTTPTrampoline.acceptPolicy`); the
        // listen socket itself closes with the daemon.
        context.beginDraining()
        // Streams would otherwise keep their requests in flight for the whole grace period.
        context.finishStreams()
        if !waitForInFlight(until: .now + timeout) {
            HTTPServer.report("shutdown timed out with \(context.inFlightCount) request(s) unanswered; closing them")
            for reply in context.inFlightReplies() {
                reply.abandon()
            }
            _ = waitForInFlight(until: .now + Self.abandonGrace)
        }
        MHD_stop_daemon(daemon.pointer)
        context.connections.stopSweeping()
        context.hangups.stop()
        retained.release()
        lifecycle.withLock { $0 = .stopped }
    }

    /// Connections open now, how many of them are busy with a complete request (which no slow
    /// client can have closed), and how many were closed for being too slow or to make room.
    package var connectionCounts: (live: Int, busy: Int, cut: Int) { context.connections.counts }

    /// How long abandoned connections get to be closed by the worker threads before the
    /// daemon is stopped regardless.
    private static let abandonGrace = Duration.milliseconds(500)

    /// Polls rather than blocks: shutdown happens once, and a short poll keeps the hot path
    /// free of any signalling.
    private func waitForInFlight(until deadline: ContinuousClock.Instant) -> Bool {
        while context.inFlightCount > 0 {
            if ContinuousClock.now >= deadline { return false }
            usleep(2_000)
        }
        return true
    }

    /// Writes a diagnostic line to standard error; the HTTP layer has no other voice, and its
    /// problems (a malformed response, a timed-out shutdown) must not pass silently.
    package static func report(_ message: String) {
        var line = "ChainServer HTTP: \(message)\n"
        line.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
    }
}
