import Foundation

extension HTTPServer {
    /// How the server listens and what it tolerates from clients. Every limit is explicit
    /// because libmicrohttpd's own defaults (no timeout, no per-IP limit) are unsafe on a
    /// network.
    package struct Configuration: Sendable, Equatable {
        /// Address to bind: an IPv4 or IPv6 literal (`"::1"`, `"[::1]"`), or `"localhost"`
        /// (bound as 127.0.0.1). Default `"127.0.0.1"`, so nothing is exposed by accident.
        package var host: String
        /// TCP port; 0 lets the kernel pick a free one (read it back from `HTTPServer.port`).
        /// Default 0.
        package var port: UInt16
        /// Worker threads, each with its own epoll loop; 0 means one per active core.
        /// Default 0.
        package var threads: Int
        /// Largest request body accepted; larger ones are answered with
        /// `HTTPRejection.bodyTooLarge`. Default 1 MiB.
        package var maxBodyBytes: Int
        /// Seconds a connection may stay idle before libmicrohttpd closes it. Default 30.
        package var connectionTimeoutSeconds: Int
        /// Connections open at once across all clients. At the limit, a new connection closes
        /// an incomplete one (an overdue one first, then one awaiting its head, of the address
        /// holding the most; see `HTTPSlowClientPolicy.EvictionRank`), and is refused only when
        /// none may be closed (`HTTPConnectionWatch`). Default 1024.
        package var connectionLimit: Int
        /// Connections open at once from one IP address, so one client cannot take them all;
        /// at the limit one of the address's incomplete connections makes room. Default 256.
        package var perIPConnectionLimit: Int
        /// Memory per connection for headers and buffers; requests with larger heads are
        /// refused by libmicrohttpd itself. It must hold the largest head `headLimits` allows
        /// (`HTTPHeadLimits.memoryNeeded`). Default 24 KiB.
        package var connectionMemoryLimitBytes: Int
        /// The request target and header sizes answered 414 and 431 by the server itself.
        package var headLimits = HTTPHeadLimits()
        /// Seconds a connection gets to send a complete request head, from opening or from
        /// its previous answer; a trickle does not extend it (`HTTPSlowClientPolicy`).
        /// Default 10, nginx's `client_header_timeout`.
        package var headTimeoutSeconds: Int
        /// The average rate a request body must keep after a grace period as long as the head
        /// timeout; 0 turns it off. Default 1024.
        package var minBodyBytesPerSecond: Int
        /// Addresses of reverse proxies whose `X-Forwarded-For` names the client
        /// (`HTTPForwarding`). Default none.
        package var trustedProxies: [String] = []

        package init(
            host: String = "127.0.0.1",
            port: UInt16 = 0,
            threads: Int = 0,
            maxBodyBytes: Int = 1 << 20,
            connectionTimeoutSeconds: Int = 30,
            connectionLimit: Int = 1024,
            perIPConnectionLimit: Int = 256,
            connectionMemoryLimitBytes: Int = 24 << 10,
            headTimeoutSeconds: Int = 10,
            minBodyBytesPerSecond: Int = 1024
        ) {
            self.host = host
            self.port = port
            self.threads = threads
            self.maxBodyBytes = maxBodyBytes
            self.connectionTimeoutSeconds = connectionTimeoutSeconds
            self.connectionLimit = connectionLimit
            self.perIPConnectionLimit = perIPConnectionLimit
            self.connectionMemoryLimitBytes = connectionMemoryLimitBytes
            self.headTimeoutSeconds = headTimeoutSeconds
            self.minBodyBytesPerSecond = minBodyBytesPerSecond
        }

        package var slowClientPolicy: HTTPSlowClientPolicy {
            HTTPSlowClientPolicy(headTimeoutSeconds: headTimeoutSeconds, minBodyBytesPerSecond: minBodyBytesPerSecond)
        }

        /// The worker count actually used: `threads`, or one per core when 0.
        package var effectiveThreads: Int {
            threads > 0 ? threads : max(1, ProcessInfo.processInfo.activeProcessorCount)
        }
    }
}
