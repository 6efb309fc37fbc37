import Synchronization

/// What libmicrohttpd's callbacks reach through their context pointer: the handler, the body
/// limit, and the requests handed to the handler but not yet completed, which shutdown waits
/// for. Lives as long as the daemon (retained through `Unmanaged` while it runs).
final class HTTPServerContext: Sendable {
    let handler: any HTTPHandler
    let maxBodyBytes: Int
    let headLimits: HTTPHeadLimits
    let connections: HTTPConnectionWatch
    let forwarding: HTTPForwarding
    /// Watches the open streams' sockets for their clients leaving.
    let hangups = HTTPStreamHangups()
    private let inFlight = Mutex<[ObjectIdentifier: HTTPPendingReply]>([:])
    private let draining = Atomic<Bool>(false)
    private let streams = Mutex<[ObjectIdentifier: HTTPStream]>([:])

    init(
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
    func register(_ reply: HTTPPendingReply) {
        inFlight.withLock { $0[ObjectIdentifier(reply)] = reply }
    }

    /// Called from libmicrohttpd's completion notice: the answer went out or the connection
    /// closed.
    func unregister(_ reply: HTTPPendingReply) {
        _ = inFlight.withLock { $0.removeValue(forKey: ObjectIdentifier(reply)) }
    }

    /// Requests handed to the handler whose connection has not completed yet.
    var inFlightCount: Int {
        inFlight.withLock { $0.count }
    }

    /// Snapshot of the in-flight replies, taken so shutdown can abandon them without holding
    /// this lock while it takes theirs.
    func inFlightReplies() -> [HTTPPendingReply] {
        inFlight.withLock { Array($0.values) }
    }

    /// Keeps an open stream so shutdown can end it; forgotten once libmicrohttpd lets go.
    func track(_ stream: HTTPStream) {
        let key = ObjectIdentifier(stream)
        streams.withLock { $0[key] = stream }
        stream.onClose { [weak self] in _ = self?.streams.withLock { $0.removeValue(forKey: key) } }
    }

    /// Ends every open stream (what is queued still goes out), so no request waits on them.
    func finishStreams() {
        for stream in streams.withLock({ Array($0.values) }) { stream.finish() }
    }

    /// From now on answers carry `Connection: close`, so keep-alive clients leave while the
    /// server drains.
    func beginDraining() {
        draining.store(true, ordering: .releasing)
    }

    var isDraining: Bool {
        draining.load(ordering: .acquiring)
    }
}
