import CMicroHTTPD

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A configuration checked and converted into what `MHD_start_daemon` takes, so that bad
/// values fail with a clear message before libmicrohttpd sees them.
struct HTTPDaemonLaunch {
    let host: String
    let port: UInt16
    let address: HTTPSocketAddress
    let flags: UInt32
    let threads: UInt32
    let connectionLimit: UInt32
    let perIPConnectionLimit: UInt32
    let timeoutSeconds: UInt32
    let memoryLimit: Int

    init(configuration: HTTPServer.Configuration) throws(HTTPServerError) {
        guard let address = HTTPSocketAddress(host: configuration.host, port: configuration.port) else {
            throw .invalidHost(configuration.host)
        }
        host = configuration.host
        port = configuration.port
        self.address = address
        threads = try Self.positive(configuration.effectiveThreads, "threads", max: 4096)
        connectionLimit = try Self.positive(configuration.connectionLimit, "connectionLimit")
        perIPConnectionLimit = try Self.positive(configuration.perIPConnectionLimit, "perIPConnectionLimit")
        // libmicrohttpd reads 0 as "never time out", which this server does not allow.
        timeoutSeconds = try Self.positive(configuration.connectionTimeoutSeconds, "connectionTimeoutSeconds")
        guard configuration.connectionMemoryLimitBytes >= 4096 else {
            throw .invalidConfiguration("connectionMemoryLimitBytes must be at least 4096")
        }
        memoryLimit = configuration.connectionMemoryLimitBytes
        _ = try Self.positive(configuration.headTimeoutSeconds, "headTimeoutSeconds", max: 86_400)
        guard configuration.minBodyBytesPerSecond >= 0 else {
            throw .invalidConfiguration("minBodyBytesPerSecond must not be negative")
        }
        guard configuration.maxBodyBytes >= 0 else {
            throw .invalidConfiguration("maxBodyBytes must not be negative")
        }
        var flags = MHD_USE_EPOLL_INTERNAL_THREAD.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
        if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        self.flags = flags
    }

    /// Starts the daemon with `context` as both callbacks' context pointer. It listens on no
    /// socket of its own: an `HTTPAcceptor` hands it connections. The caller owns the retain
    /// on `context` and must balance it if this fails.
    func start(context: UnsafeMutableRawPointer) -> Result<HTTPDaemonHandle, HTTPServerError> {
        // Room for the limit and as many again cut and still closing.
        let descriptors = Self.raiseDescriptorLimit(toFit: 2 * Int(connectionLimit))
        errno = 0
        let daemon = cmhd_start_daemon(
            flags,
            HTTPTrampoline.acceptPolicy, context,
            HTTPTrampoline.accessHandler, context,
            HTTPTrampoline.completedHandler, context,
            HTTPTrampoline.connectionNotice, context,
            HTTPTrampoline.targetNotice, context,
            threads, Self.unreachableLimit(threads: threads, descriptors: descriptors),
            Self.backstop(perIPConnectionLimit), timeoutSeconds, memoryLimit)
        let failure = errno
        if let daemon { return .success(HTTPDaemonHandle(pointer: daemon)) }
        let reason = failure == 0 ? "libmicrohttpd refused the configuration" : String(cString: strerror(failure))
        return .failure(.startFailed(host: host, port: port, reason: reason))
    }

    /// Raises the process's open-file limit so `connections` sockets fit beside the catalog's
    /// files: many systems start processes at 1,024, which the default connection limit alone
    /// would use up (accepts then fail with EMFILE while the limits say there is room). The
    /// soft limit goes as high as needed, up to the hard limit; short of it, says so. Returns
    /// the soft limit in force.
    @discardableResult
    static func raiseDescriptorLimit(toFit connections: Int) -> rlim_t {
        #if canImport(Darwin)
        let resource = RLIMIT_NOFILE  // an Int32 macro there
        #else
        let resource = Int32(RLIMIT_NOFILE.rawValue)  // an enum case in Glibc
        #endif
        let wanted = rlim_t(connections + 256)
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return wanted }
        guard limit.rlim_cur < wanted else { return limit.rlim_cur }
        let current = limit.rlim_cur
        limit.rlim_cur = min(wanted, limit.rlim_max)
        let now = setrlimit(resource, &limit) == 0 ? limit.rlim_cur : current
        if now < wanted {
            HTTPServer.report("open-file limit is \(now), below the \(wanted) the connection limit needs; raise it (ulimit -n)")
        }
        return now
    }

    /// libmicrohttpd's own connection limit, set where no worker can reach it: each worker may
    /// hold as many connections as the process has descriptors. `HTTPConnectionWatch` enforces
    /// the configured limit. libmicrohttpd 0.9.75 (Debian 12's) checks its limit once more
    /// when a worker sets up a connection handed over by `MHD_add_connection`, and when that
    /// check fails it returns with the worker's `cleanup_connection_mutex` still locked
    /// (fixed in 1.0.0, commit 67061d5c): the worker's next lock of it, or a resume on its
    /// connections from another thread, would wait forever. The check counts only connections
    /// set up, not those queued, so with a limit it could reach, a burst could fail it.
    static func unreachableLimit(threads: UInt32, descriptors: rlim_t) -> UInt32 {
        let perWorker = min(UInt64(descriptors), UInt64(UInt32.max) / UInt64(threads))
        return UInt32(perWorker * UInt64(threads))
    }

    /// libmicrohttpd's own limit per client address, above the one `HTTPConnectionWatch`
    /// enforces: room for the address's connections cut to make room that are still closing.
    /// libmicrohttpd checks it on the acceptor's thread as it takes a connection, and refuses
    /// (closes) one over it there.
    static func backstop(_ limit: UInt32) -> UInt32 {
        let headroom = max(16, limit / 16)
        return limit > UInt32.max - headroom ? UInt32.max : limit + headroom
    }

    private static func positive(_ value: Int, _ name: String, max: Int = Int(UInt32.max)) throws(HTTPServerError) -> UInt32 {
        guard value >= 1, value <= max else {
            throw .invalidConfiguration("\(name) must be between 1 and \(max), got \(value)")
        }
        return UInt32(value)
    }
}
