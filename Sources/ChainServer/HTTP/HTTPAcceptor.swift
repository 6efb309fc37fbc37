import CMicroHTTPD
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The listening socket and the one thread that accepts on it, handing each connection to
/// libmicrohttpd (`MHD_add_connection`), which gives it to a worker thread by its descriptor
/// number (modulo the number of workers), so connections opened together are spread over the
/// workers.
///
/// libmicrohttpd's own listen socket sits in every worker's epoll set, and whichever worker
/// wakes first accepts up to ten connections in a row. A burst of connections (a browser
/// opening six, a load balancer's pool, wrk's 64) could land mostly on one worker, which
/// then saturated its core while the other idled: measured on two workers and 64
/// connections, POST select ran at 21.7k req/s when one worker held most of them (its
/// thread used 202 ticks of CPU in 3 s against the other's 51) and 32.5k when they were even.
/// The price: dealing by number ignores load, so a worker busy with a long request still gets
/// its share of new connections, where before it simply did not accept.
///
/// A connection handed over waits in libmicrohttpd's queue until its worker sets it up; the
/// accept policy (`HTTPConnectionWatch.admit`) runs at the hand-over, on this thread, and
/// counts it against the limits from then on. Workers that accepted for themselves took
/// connections only as fast as they served them; so that this thread does not run ahead of
/// them in a flood (cutting connections faster than the workers close them), it pauses while
/// `maxAwaiting` connections it handed over are not set up yet, and the rest wait in the
/// kernel's backlog. It pauses for at most `awaitingGrace` at a time, since a connection
/// libmicrohttpd drops for want of memory sends no notice.
final class HTTPAcceptor: Sendable {
    /// The port bound (the kernel's choice when asked for 0).
    let port: UInt16
    private let listener: Int32
    /// A pipe whose write end `stop` writes to, waking the thread out of `poll`.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let finished = DispatchSemaphore(value: 0)
    private let running = Atomic<Bool>(false)

    /// Binds and listens on `address`; nothing is accepted until `start(handingTo:)`.
    init(address: HTTPSocketAddress, host: String, port requested: UInt16) throws(HTTPServerError) {
        let listener = address.withSockaddrPointer { pointer in
            cmhd_listen(pointer, address.length, SOMAXCONN)
        }
        guard listener >= 0 else {
            let reason = String(cString: strerror(-listener))
            switch -listener {
            case EADDRINUSE:
                throw .addressInUse(host: host, port: requested)
            case EADDRNOTAVAIL, EACCES:
                throw .addressUnavailable(host: host, port: requested, reason: reason)
            default:
                throw .startFailed(host: host, port: requested, reason: reason)
            }
        }
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else {
            let reason = String(cString: strerror(errno))
            close(listener)
            throw .startFailed(host: host, port: requested, reason: reason)
        }
        self.listener = listener
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
        port = Self.boundPort(listener) ?? requested
    }

    /// Starts the accepting thread, which hands every connection to `daemon` until `stop`.
    /// `setUpSoFar` counts the connections the daemon has set up (its started notices).
    func start(handingTo daemon: HTTPDaemonHandle, setUpSoFar: @escaping @Sendable () -> Int) {
        running.store(true, ordering: .sequentiallyConsistent)
        let thread = Thread { [self] in
            Thread.current.name = "http-acceptor"
            var handover = Handover(setUpSoFar: setUpSoFar)
            acceptUntilWoken(daemon: daemon.pointer, handover: &handover)
            finished.signal()
        }
        thread.start()
    }

    /// Stops accepting (waiting for the thread to finish its current hand-over, so no
    /// connection reaches a daemon being stopped) and closes the listen socket. Call once.
    func stop() {
        if running.load(ordering: .sequentiallyConsistent) {
            var byte: UInt8 = 0
            _ = write(wakeWrite, &byte, 1)
            finished.wait()
        }
        close(listener)
        close(wakeRead)
        close(wakeWrite)
    }

    /// Connections accepted before the thread looks at its wake pipe again.
    private static let acceptsPerRound = 64

    /// The thread's count of connections handed over and not yet set up.
    private struct Handover {
        let setUpSoFar: @Sendable () -> Int
        /// Connections handed over, counted as the daemon's set-up count counts them.
        var handedOver: Int

        init(setUpSoFar: @escaping @Sendable () -> Int) {
            self.setUpSoFar = setUpSoFar
            handedOver = setUpSoFar()
        }

        var awaiting: Int { handedOver - setUpSoFar() }
    }

    /// Connections handed over and not yet set up beyond which the thread pauses.
    static let maxAwaiting = 64
    private static let awaitingGrace = Duration.milliseconds(100)

    private func acceptUntilWoken(daemon: OpaquePointer, handover: inout Handover) {
        var polls = [
            pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        var starved = false
        while true {
            guard poll(&polls, 2, -1) >= 0 else {
                if errno != EINTR { Self.pause("poll on the listen socket failed: \(String(cString: strerror(errno)))") }
                continue
            }
            if polls[1].revents != 0 { return }
            acceptWaiting(daemon: daemon, handover: &handover, starved: &starved)
        }
    }

    /// Accepts the connections waiting, up to `acceptsPerRound`, and hands each over.
    /// libmicrohttpd applies the accept policy and the per-address limit and closes what they
    /// refuse.
    private func acceptWaiting(daemon: OpaquePointer, handover: inout Handover, starved: inout Bool) {
        var address = sockaddr_storage()
        var length = socklen_t(0)
        for _ in 0..<Self.acceptsPerRound {
            if handover.awaiting >= Self.maxAwaiting { waitForSetUp(&handover) }
            let accepted = cmhd_accept(listener, &address, &length)
            if accepted >= 0 {
                starved = false
                let queued = withUnsafePointer(to: &address) { storage in
                    storage.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                        MHD_add_connection(daemon, accepted, pointer, length)
                    }
                }
                // Refused (the accept policy, the per-address limit), it is closed already.
                if queued == MHD_Result.YES { handover.handedOver += 1 }
                continue
            }
            switch -accepted {
            case EAGAIN, EWOULDBLOCK:
                return
            case let error where Self.endsOnlyThatConnection(error):
                continue
            default:
                // Out of descriptors or memory (EMFILE, ENFILE, ENOBUFS, ENOMEM): the
                // connection stays queued, and the listener stays ready, so wait a moment
                // for closing connections to free some instead of spinning on it.
                if !starved {
                    HTTPServer.report("cannot accept connections: \(String(cString: strerror(-accepted))); retrying")
                    starved = true
                }
                usleep(Self.retryMicroseconds)
                return
            }
        }
    }

    private static let retryMicroseconds: useconds_t = 10_000

    /// Whether an `accept` error concerns only the connection it was taking, so others may be
    /// waiting: Linux hands a connection's pending network error to `accept`, and a firewall
    /// rule refusing it gives EPERM.
    private static func endsOnlyThatConnection(_ error: Int32) -> Bool {
        switch error {
        case EINTR, ECONNABORTED, EPERM, EPROTO, ENOPROTOOPT, EOPNOTSUPP, ENETDOWN, ENETUNREACH, EHOSTDOWN, EHOSTUNREACH:
            return true
        default:
            #if os(Linux)
            return error == ENONET
            #else
            return false
            #endif
        }
    }

    /// Waits for the workers to set up what was handed over, for at most `awaitingGrace`;
    /// what they have not set up by then is counted as dropped.
    private func waitForSetUp(_ handover: inout Handover) {
        let deadline = ContinuousClock.now + Self.awaitingGrace
        while handover.awaiting >= Self.maxAwaiting {
            guard ContinuousClock.now < deadline else {
                handover.handedOver = handover.setUpSoFar()
                return
            }
            usleep(100)
        }
    }

    private static func pause(_ message: String) {
        HTTPServer.report(message)
        usleep(retryMicroseconds)
    }

    private static func boundPort(_ socket: Int32) -> UInt16? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        guard named == 0 else { return nil }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafeBytes(of: storage) { UInt16(bigEndian: $0.load(as: sockaddr_in.self).sin_port) }
        case AF_INET6:
            return withUnsafeBytes(of: storage) { UInt16(bigEndian: $0.load(as: sockaddr_in6.self).sin6_port) }
        default:
            return nil
        }
    }
}
