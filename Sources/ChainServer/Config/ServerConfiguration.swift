import ChainModel
import Foundation

/// Everything the server can be told, with the defaults it runs on when told nothing.
///
/// Read in one place (`ServerConfiguration+Loading.swift`): built-in defaults, then
/// `<config>/server.json`, then `CHAIN_*` environment variables, then command-line flags.
struct ServerConfiguration: Sendable, Equatable {
    /// `http.host`, `CHAIN_HOST`, `--host`: the address to listen on.
    var host = "127.0.0.1"
    /// `http.port`, `CHAIN_PORT`, `--port`: 0 asks the kernel for any free port.
    var port: UInt16 = 8080
    /// `http.threads`, `CHAIN_THREADS`: libmicrohttpd worker threads; 0 = one per core.
    var threads = 0
    /// `http.corsOrigins`: other origins (`https://photos.example`) whose pages may call the
    /// API from a browser; none by default, so only the server's own web client can.
    var corsOrigins: [String] = []
    /// `http.trustedProxies`: addresses of reverse proxies (nginx) whose `X-Forwarded-For`
    /// names the client, for the per-client session cap and the request log.
    var trustedProxies: [String] = []

    /// `limits.maxBodyBytes`, `CHAIN_MAX_BODY_BYTES`: larger request bodies get 413.
    var maxBodyBytes = 1 << 20
    /// `limits.maxJSONDepth`: deeper JSON bodies get 400.
    var maxJSONDepth = 32
    /// `limits.connectionTimeoutSeconds`: idle connections are closed after this.
    var connectionTimeoutSeconds = 30
    /// `limits.connectionLimit`: open connections in total.
    var connectionLimit = 1024
    /// `limits.perIPConnectionLimit`: open connections from one client address.
    var perIPConnectionLimit = 256
    /// `limits.connectionMemoryBytes`: libmicrohttpd's per-connection memory pool. It must hold
    /// the largest head the three limits below allow (`HTTPHeadLimits.memoryNeeded`: 23,808
    /// bytes with their defaults), or the server refuses to start; a head past the pool is
    /// answered by libmicrohttpd itself, in HTML. libmicrohttpd clears the pool between
    /// requests, so 64 KiB cost about 12% of GET menu's throughput against 16 KiB.
    var connectionMemoryBytes = 24 << 10
    /// `limits.maxRequestTargetBytes`: the raw request target (path and query) at most; a
    /// longer one answers 414 `/problems/uri-too-long`. nginx's one 8 KiB buffer for the
    /// request line (`large_client_header_buffers`).
    var maxRequestTargetBytes = 8 << 10
    /// `limits.maxHeaderSectionBytes`: the header fields at most, each counted as sent
    /// (name, `: `, value, CRLF); more answers 431 `/problems/header-too-large`.
    var maxHeaderSectionBytes = 8 << 10
    /// `limits.maxHeaderFields`: header fields at most (Apache's `LimitRequestFields`); more
    /// answers 431 `/problems/header-too-large`.
    var maxHeaderFields = 100
    /// `limits.headTimeoutSeconds`: a connection must send a complete request head within this
    /// of opening or of its previous answer, however it trickles (nginx's
    /// `client_header_timeout`); idle keep-alive connections close after it too.
    var headTimeoutSeconds = 10
    /// `limits.minBodyBytesPerSecond`: the average rate a request body must keep once a grace
    /// period as long as the head timeout has passed; 0 turns it off.
    var minBodyBytesPerSecond = 1024
    /// `limits.maxPageSize`: the cap on `limit` of `GET /v1/images`.
    var maxPageSize = 500

    /// `sessions.idleExpirySeconds`, `CHAIN_SESSION_IDLE_SECONDS`: a session unused this long ends.
    var sessionIdleSeconds = 1800
    /// `sessions.maxSessions`: live sessions at most; creating one more answers 503.
    var maxSessions = 10_000
    /// `sessions.maxSessionsPerClient`: live sessions one client address may hold (503 past it).
    var maxSessionsPerClient = 256

    /// `catalog.dataDirectory`, `CHAIN_DATA_DIR`, `--data-dir`: where `catalog.sqlite` lives.
    var dataDirectory = "./data"
    /// `catalog.url`, `CHAIN_DATABASE_URL`: a `postgres://` or `postgresql://` URL (or a
    /// libpq `key=value` string) puts the catalog and the sessions in that PostgreSQL
    /// database instead of `<dataDirectory>/catalog.sqlite`; thumbnails stay in `dataDirectory`.
    var databaseURL: String?
    /// `catalog.durability`, `CHAIN_DURABILITY`: `full` (fsync every commit), `normal` or `off`.
    var durability = Durability.full
    /// `catalog.readerConnections`: reading connections (SQLite or PostgreSQL) for image listings.
    var readerConnections = 2
    /// `catalog.demoImages`: images created in an empty catalog at first start (0 = none).
    var demoImages = 600
    /// `catalog.demoPictures`: draw a picture file for each demo image when the catalog is
    /// seeded (`<data>/demo-pictures/`). `config/server.json` turns it on; off by default so a
    /// server started in code (the tests) seeds in milliseconds.
    var demoPictures = false

    /// `dataDirectory` as an absolute path, so paths stored under it (demo pictures) hold
    /// wherever the server is started from next.
    var absoluteDataDirectory: String {
        URL(fileURLWithPath: dataDirectory, isDirectory: true).standardizedFileURL.path
    }

    /// `handlers.callTimeoutSeconds`: how long a command waits for a remote handler's client
    /// before answering 504.
    var callTimeoutSeconds = 10
    /// `events.keepAliveSeconds`: how often an open event stream gets a `: keep-alive` line.
    var keepAliveSeconds = 15
    /// `events.stallSeconds`: how long bytes may wait for an event stream's client with the
    /// client taking none before the stream is cut and its connection closed; checked at
    /// each keep-alive, so the cut comes up to one keep-alive interval later.
    var stallSeconds = 30

    /// `log.level`, `CHAIN_LOG_LEVEL`: `debug`, `info`, `warning` or `error`.
    var logLevel = LogLevel.info
    /// `shutdownGraceSeconds`: how long SIGTERM waits for requests in flight.
    var shutdownGraceSeconds = 10

    /// Where `server.json` and `menus.json` are read from (`--config`).
    var configDirectory = "./config"

    var http: HTTPServer.Configuration {
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

/// A configuration problem, named so an operator can fix it: the file (or variable or flag),
/// the key, and what is wrong.
struct ConfigurationError: Error, Equatable, CustomStringConvertible {
    var source: String
    var key: String
    var problem: String

    var description: String { "\(source): \(key): \(problem)" }
}
