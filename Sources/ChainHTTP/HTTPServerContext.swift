import ChainSupport
import Synchronization

/// What libmicrohttpd's callbacks reach through their context pointer: the handler, the body
/// limit, and the requests handed to the handler but not yet completed, which shutdown waits
/// for. Lives as long as the daemon (retained through `Unmanaged` while it runs).
package final class HTTPServerContext: Sendable {
    package let handler: any HTTPHandler
    package let maxBodyBytes: Int
    package let headLimits: HTTPHeadLimits
    package let connections: HTTPConnectionWatch
    package let forwarding: HTTPForwarding
    /// Watches the open streams' sockets for their clients leaving.
    package let hangups = HTTPStreamHangups()
    private let inFlight = Lock<[ObjectIdentifier: HTTPPendingReply]>([:])
    private let draining = Atomic<Bool>(false)
    private let streams = Lock<[ObjectIdentifier: HTTPStream]>([:])

    package init(
        handler: any HTTPHandler, maxBodyBytes: Int, headLimits: HTTPHeadLimits = HTTPHeadLimits(), connections: HTTPConnectionWatch,
        forwarding: HTTPForwarding = HTTPForwarding()
    ) {
        self.handler = handler
        self.maxBodyBytes = maxBodyBytes
        self.headLimits = headLimits
        self.connections = connections
        self.forwarding = forwarding
    }

    /// Counts a request as handed to the handler until libmicrohttpd reports it completed.
    package func register(_ reply: HTTPPendingReply) {
        inFlight.withLock { $0[ObjectIdentifier(reply)] = reply }
    }

    /// Called from libmicrohttpd's completion notice: the answer went out or the connection
    /// closed.
    package func unregister(_ reply: HTTPPendingReply) {
        _ = inFlight.withLock { $0.removeValue(forKey: ObjectIdentifier(reply)) }
    }

    /// Requests handed to the handler whose connection has not completed yet.
    package var inFlightCount: Int {
        inFlight.withLock { $0.count }
    }

    /// Snapshot of the in-flight replies, taken so shutdown can abandon them without holding
    /// this lock while it takes theirs.
    package func inFlightReplies() -> [HTTPPendingReply] {
        inFlight.withLock { Array($0.values) }
    }

    /// Keeps an open stream so shutdown can end it; forgotten once libmicrohttpd lets go.
    package func track(_ stream: HTTPStream) {
        let key = ObjectIdentifier(stream)
        streams.withLock { $0[key] = stream }
        stream.onClose { [weak self] in _ = self?.streams.withLock { $0.removeValue(forKey: key) } }
    }

    /// Ends every open stream (what is queued still goes out), so no request waits on them.
    package func finishStreams() {
        for stream in streams.withLock({ Array($0.values) }) { stream.finish() }
    }

    /// From now on answers carry `Connection: close`, so keep-alive clients leave while the
    /// server drains.
    package func beginDraining() {
        draining.store(true, ordering: .releasing)
    }

    package var isDraining: Bool {
        draining.load(ordering: .acquiring)
    }
}
