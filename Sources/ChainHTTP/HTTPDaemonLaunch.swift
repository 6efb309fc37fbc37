internal import CMicroHTTPD

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A configuration checked and converted into what `MHD_start_daemon` takes, so that bad
/// values fail with a clear message before libmicrohttpd sees them.
package struct HTTPDaemonLaunch {
    package let host: String
    package let port: UInt16
    package let address: HTTPSocketAddress
    package let flags: UInt32
    package let threads: UInt32
    package let connectionLimit: UInt32
    package let perIPConnectionLimit: UInt32
    package let timeoutSeconds: UInt32
    package let memoryLimit: Int

    package init(configuration: HTTPServer.Configuration) throws(HTTPServerError) {
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
        let limits = configuration.headLimits
        guard limits.maxTargetBytes > 0, limits.maxSectionBytes > 0, limits.maxFields > 0 else {
            throw .invalidConfiguration("maxRequestTargetBytes, maxHeaderSectionBytes and maxHeaderFields must be positive")
        }
        guard memoryLimit >= limits.memoryNeeded else {
            throw .invalidConfiguration(
                "connectionMemoryBytes (\(memoryLimit)) must hold the largest request head the limits allow, "
                    + "\(limits.memoryNeeded) bytes: maxRequestTargetBytes (\(limits.maxTargetBytes)) + maxHeaderSectionBytes "
                    + "(\(limits.maxSectionBytes)) + \(HTTPHeadLimits.recordBytes) × maxHeaderFields (\(limits.maxFields)) + "
                    + "\(HTTPHeadLimits.reserveBytes); raise it or lower them")
        }
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

    /// Starts the daemon with `context` as both callbacks' context pointer. The caller owns
    /// the retain on `context` and must balance it if this fails.
    package func start(context: UnsafeMutableRawPointer) -> Result<HTTPDaemonHandle, HTTPServerError> {
        Self.raiseDescriptorLimit(toFit: Int(Self.backstop(connectionLimit)))
        errno = 0
        let daemon = address.withSockaddrPointer { sockaddr in
            cmhd_start_daemon(
                flags, sockaddr,
                HTTPTrampoline.acceptPolicy, context,
                HTTPTrampoline.accessHandler, context,
                HTTPTrampoline.completedHandler, context,
                HTTPTrampoline.connectionNotice, context,
                HTTPTrampoline.targetNotice, context,
                threads, Self.backstop(connectionLimit), Self.backstop(perIPConnectionLimit), timeoutSeconds, memoryLimit)
        }
        let failure = errno
        if let daemon { return .success(HTTPDaemonHandle(pointer: daemon)) }
        let reason = failure == 0 ? "libmicrohttpd refused the configuration" : String(cString: strerror(failure))
        switch failure {
        case EADDRINUSE:
            return .failure(.addressInUse(host: host, port: port))
        case EADDRNOTAVAIL, EACCES:
            return .failure(.addressUnavailable(host: host, port: port, reason: reason))
        default:
            return .failure(.startFailed(host: host, port: port, reason: reason))
        }
    }

    /// Raises the process's open-file limit so `connections` sockets fit beside the catalog's
    /// files: many systems start processes at 1,024, which the default connection limit alone
    /// would use up (accepts then fail with EMFILE while the limits say there is room). The
    /// soft limit goes as high as needed, up to the hard limit; short of it, says so.
    package static func raiseDescriptorLimit(toFit connections: Int) {
        #if canImport(Darwin)
        let resource = RLIMIT_NOFILE  // an Int32 macro there
        #else
        let resource = Int32(RLIMIT_NOFILE.rawValue)  // an enum case in Glibc
        #endif
        let wanted = rlim_t(connections + 256)
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < wanted else { return }
        let current = limit.rlim_cur
        limit.rlim_cur = min(wanted, limit.rlim_max)
        let now = setrlimit(resource, &limit) == 0 ? limit.rlim_cur : current
        if now < wanted {
            HTTPServer.report("open-file limit is \(now), below the \(wanted) the connection limit needs; raise it (ulimit -n)")
        }
    }

    /// libmicrohttpd's own limit, above the one `HTTPConnectionWatch` enforces: room for a
    /// new connection while the one cut for it is still closing, and for accepts racing on
    /// several threads. It only ever refuses when the watch's limit is badly overrun.
    package static func backstop(_ limit: UInt32) -> UInt32 {
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
