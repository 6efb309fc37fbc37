import ChainHTTP
import ChainModel
import ChainService
import ChainStorage
import Foundation

/// Everything the server can be told, with the defaults it runs on when told nothing.
///
/// Read in one place (`ServerConfiguration+Loading.swift`): built-in defaults, then
/// `<config>/server.json`, then `CHAIN_*` environment variables, then command-line flags.
package struct ServerConfiguration: Sendable, Equatable {
    /// `http.host`, `CHAIN_HOST`, `--host`: the address to listen on.
    package var host = "127.0.0.1"
    /// `http.port`, `CHAIN_PORT`, `--port`: 0 asks the kernel for any free port.
    package var port: UInt16 = 8080
    /// `http.threads`, `CHAIN_THREADS`: libmicrohttpd worker threads; 0 = one per core.
    package var threads = 0
    /// `http.corsOrigins`: other origins (`https://photos.example`) whose pages may call the
    /// API from a browser; none by default, so only the server's own web client can.
    package var corsOrigins: [String] = []
    /// `http.trustedProxies`: addresses of reverse proxies (nginx) whose `X-Forwarded-For`
    /// names the client, for the per-client session cap and the request log.
    package var trustedProxies: [String] = []

    /// `limits.maxBodyBytes`, `CHAIN_MAX_BODY_BYTES`: larger request bodies get 413.
    package var maxBodyBytes = 1 << 20
    /// `limits.maxJSONDepth`: deeper JSON bodies get 400.
    package var maxJSONDepth = 32
    /// `limits.connectionTimeoutSeconds`: idle connections are closed after this.
    package var connectionTimeoutSeconds = 30
    /// `limits.connectionLimit`: open connections in total.
    package var connectionLimit = 1024
    /// `limits.perIPConnectionLimit`: open connections from one client address.
    package var perIPConnectionLimit = 256
    /// `limits.connectionMemoryBytes`: libmicrohttpd's per-connection memory pool. It must hold
    /// the largest head the three limits below allow (`HTTPHeadLimits.memoryNeeded`: 23,808
    /// bytes with their defaults), or the server refuses to start; a head past the pool is
    /// answered by libmicrohttpd itself, in HTML. libmicrohttpd clears the pool between
    /// requests, so 64 KiB cost about 12% of GET menu's throughput against 16 KiB.
    package var connectionMemoryBytes = 24 << 10
    /// `limits.maxRequestTargetBytes`: the raw request target (path and query) at most; a
    /// longer one answers 414 `/problems/uri-too-long`. nginx's one 8 KiB buffer for the
    /// request line (`large_client_header_buffers`).
    package var maxRequestTargetBytes = 8 << 10
    /// `limits.maxHeaderSectionBytes`: the header fields at most, each counted as sent
    /// (name, `: `, value, CRLF); more answers 431 `/problems/header-too-large`.
    package var maxHeaderSectionBytes = 8 << 10
    /// `limits.maxHeaderFields`: header fields at most (Apache's `LimitRequestFields`); more
    /// answers 431 `/problems/header-too-large`.
    package var maxHeaderFields = 100
    /// `limits.headTimeoutSeconds`: a connection must send a complete request head within this
    /// of opening or of its previous answer, however it trickles (nginx's
    /// `client_header_timeout`); idle keep-alive connections close after it too.
    package var headTimeoutSeconds = 10
    /// `limits.minBodyBytesPerSecond`: the average rate a request body must keep once a grace
    /// period as long as the head timeout has passed; 0 turns it off.
    package var minBodyBytesPerSecond = 1024
    /// `limits.maxPageSize`: the cap on `limit` of `GET /v1/images`.
    package var maxPageSize = 500

    /// `sessions.idleExpirySeconds`, `CHAIN_SESSION_IDLE_SECONDS`: a session unused this long ends.
    package var sessionIdleSeconds = 1800
    /// `sessions.maxSessions`: live sessions at most; creating one more answers 503.
    package var maxSessions = 10_000
    /// `sessions.maxSessionsPerClient`: live sessions one client address may hold (503 past it).
    package var maxSessionsPerClient = 256

    /// `catalog.dataDirectory`, `CHAIN_DATA_DIR`, `--data-dir`: where `catalog.sqlite` lives.
    package var dataDirectory = "./data"
    /// `catalog.url`, `CHAIN_DATABASE_URL`: a `postgres://` or `postgresql://` URL (or a
    /// libpq `key=value` string) puts the catalog and the sessions in that PostgreSQL
    /// database instead of `<dataDirectory>/catalog.sqlite`; thumbnails stay in `dataDirectory`.
    package var databaseURL: String?
    /// `catalog.durability`, `CHAIN_DURABILITY`: `full` (fsync every commit), `normal` or `off`.
    package var durability = Durability.full
    /// `catalog.readerConnections`: reading connections (SQLite or PostgreSQL) for image listings.
    package var readerConnections = 2
    /// `catalog.demoImages`: images created in an empty catalog at first start (0 = none).
    package var demoImages = 600
    /// `catalog.demoPictures`: draw a picture file for each demo image when the catalog is
    /// seeded (`<data>/demo-pictures/`). `config/server.json` turns it on; off by default so a
    /// server started in code (the tests) seeds in milliseconds.
    package var demoPictures = false
    /// `catalog.previewCacheMegabytes`: the memory previews and regions are kept in (least
    /// recently used out past it; 0 keeps none). 256 MiB holds some 300 previews of 2048 px.
    package var previewCacheMegabytes = 256
    /// `catalog.xmpSidecars`: after every committed change to an image's rating, label or
    /// flag, write them into the XMP sidecar beside its file (`DSC_0001.NEF.xmp`, as
    /// darktable names it), off the command path; import reads existing sidecars either way.
    package var xmpSidecars = false

    /// `dataDirectory` as an absolute path, so paths stored under it (demo pictures) hold
    /// wherever the server is started from next.
    package var absoluteDataDirectory: String {
        URL(fileURLWithPath: dataDirectory, isDirectory: true).standardizedFileURL.path
    }

    /// `history.retentionDays` (default 90) and `history.maxEntriesPerImage` (default 1000):
    /// how much of the catalog's history is kept; older entries, and an image's entries past
    /// its newest that many, are pruned in the background.
    package var historyRetention = HistoryRetention()
    /// `history.pruneIntervalSeconds` (default 60): how often the background pruning takes
    /// its next step (`HistoryPruning.imagesPerStep` image ids, in a short transaction).
    package var historyPruneIntervalSeconds = 60
    /// `history.enabled` (default true): whether catalog writes record their history. Off
    /// only to measure what the history costs (`scripts/bench-http --history-off`); with it
    /// off, conflicts name nobody and `GET /v1/images/{id}/history` lists nothing new.
    package var historyEnabled = true
    /// `handlers.callTimeoutSeconds`: how long a command waits for a remote handler's client
    /// before answering 504.
    package var callTimeoutSeconds = 10
    /// `events.keepAliveSeconds`: how often an open event stream gets a `: keep-alive` line.
    package var keepAliveSeconds = 15
    /// `events.stallSeconds`: how long bytes may wait for an event stream's client with the
    /// client taking none before the stream is cut and its connection closed; checked at
    /// each keep-alive, so the cut comes up to one keep-alive interval later.
    package var stallSeconds = 30

    /// `auth.mode`, `CHAIN_AUTH_MODE`: `open` (every client the anonymous editor), `keys`
    /// (sessions need `Authorization: Bearer <api key>`, keys made by `chain-server keys
    /// add`) or `proxy` (a trusted proxy names the user in `X-Forwarded-User`).
    package var authMode = AuthMode.open
    /// `auth.allowOpen`: let `open` mode listen on an address other than loopback. Off, the
    /// server refuses to start so (`refuseUnsafeOpen`): anyone reaching the port could edit.
    package var allowOpen = false
    /// `auth.proxyRole`: the role of a user the proxy names whom no key in force names
    /// (a key named as the user gives its role). `viewer` by default.
    package var proxyRole = Role.viewer

    /// `log.level`, `CHAIN_LOG_LEVEL`: `debug`, `info`, `warning` or `error`.
    package var logLevel = LogLevel.info
    /// `shutdownGraceSeconds`: how long SIGTERM waits for requests in flight.
    package var shutdownGraceSeconds = 10

    /// Where `server.json` and `menus.json` are read from (`--config`).
    package var configDirectory = "./config"

    /// The defaults, as documented above.
    package init() {}

    package var http: HTTPServer.Configuration {
        var http = HTTPServer.Configuration()
        http.host = host
        http.port = port
        http.threads = threads
        http.maxBodyBytes = maxBodyBytes
        http.connectionTimeoutSeconds = connectionTimeoutSeconds
        http.connectionLimit = connectionLimit
        http.perIPConnectionLimit = perIPConnectionLimit
        http.connectionMemoryLimitBytes = connectionMemoryBytes
        http.headLimits = HTTPHeadLimits(
            maxTargetBytes: maxRequestTargetBytes, maxSectionBytes: maxHeaderSectionBytes, maxFields: maxHeaderFields)
        http.headTimeoutSeconds = headTimeoutSeconds
        http.minBodyBytesPerSecond = minBodyBytesPerSecond
        http.trustedProxies = trustedProxies
        return http
    }
}

extension ServerConfiguration {
    /// Whether `host` is a loopback address (`127.0.0.0/8`, `::1`, `localhost`), reachable
    /// from this machine only.
    package var listensOnLoopback: Bool {
        let host = host.lowercased()
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// Refuses `open` mode on an address other than loopback unless `auth.allowOpen` says so.
    package func refuseUnsafeOpen() throws {
        guard authMode == .open, !allowOpen, !listensOnLoopback else { return }
        throw ConfigurationError(
            source: "auth", key: "mode",
            problem: "open mode lets anyone who reaches \(host) edit the catalog; listen on 127.0.0.1, "
                + "set auth.mode to keys or proxy, or set auth.allowOpen to true")
    }
}
