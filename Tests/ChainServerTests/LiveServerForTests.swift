import ChainConfig
import ChainModel
import ChainService
import ChainTestSupport
import Foundation
import Testing

@testable import ChainServer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A whole `ChainServerApp` started in-process on port 0 over its own data directory, as the
/// live suites use it: real sockets, real SQLite, the repository's `config/` menus.
final class LiveServer: Sendable {
    /// `<repo>/config`, found from this file so tests run from any working directory.
    static let configDirectory = RepositoryPaths.configDirectory

    /// Images seeded into every fresh catalog: `img-1` … `img-60`.
    static let demoImages = 60

    let app: ChainServerApp
    let client: LiveClient
    let dataDirectory: String
    private let removesDataDirectory: Bool

    /// Starts a server; `dataDirectory` nil means a fresh one, removed again by `stop()`.
    init(
        dataDirectory: String? = nil, log: Logger = Logger(level: .error), _ configure: (inout ServerConfiguration) -> Void = { _ in }
    ) throws {
        let directory = dataDirectory ?? TemporaryDirectory.make()
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.dataDirectory = directory
        configuration.configDirectory = Self.configDirectory
        configuration.demoImages = Self.demoImages
        configuration.logLevel = .error
        configure(&configuration)
        self.dataDirectory = directory
        self.removesDataDirectory = dataDirectory == nil
        do {
            app = try ChainServerApp(configuration: configuration, log: log)
            try app.start()
        } catch {
            if dataDirectory == nil { try? FileManager.default.removeItem(atPath: directory) }
            throw error
        }
        client = LiveClient(baseURL: app.url, port: app.port)
    }

    /// Stops the server (every acknowledged write is on disk afterwards).
    func stop() {
        app.stop(grace: .seconds(2))
        if removesDataDirectory { try? FileManager.default.removeItem(atPath: dataDirectory) }
    }

    /// Runs `body` against a fresh server, stopping it afterwards whether `body` returns or throws.
    static func with<T>(
        log: Logger = Logger(level: .error), _ configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: (LiveServer) async throws -> T
    ) async throws -> T {
        let server = try LiveServer(log: log, configure)
        defer { server.stop() }
        return try await body(server)
    }

    /// A session made on one server (`before`), then, after that server stopped, the same
    /// session on a second server over the same data directory (`after`).
    static func acrossRestart(
        before: (LiveServer, RemoteSession) async throws -> Void, after: (LiveServer, RemoteSession) async throws -> Void
    ) async throws {
        let directory = TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let session: RemoteSession
        do {
            let first = try LiveServer(dataDirectory: directory)
            defer { first.stop() }
            session = try await first.client.createSession()
            try await before(first, session)
        }
        let second = try LiveServer(dataDirectory: directory)
        defer { second.stop() }
        try await after(second, RemoteSession(id: session.id, token: session.token, client: second.client))
    }

    /// Runs `body` against a fresh server and a new session on it.
    static func withSession(
        log: Logger = Logger(level: .error), _ configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: (LiveServer, RemoteSession) async throws -> Void
    ) async throws {
        try await with(log: log, configure) { server in
            try await body(server, try await server.client.createSession())
        }
    }
}

/// One HTTP answer as a test sees it.
struct LiveResponse: Sendable {
    var status: Int
    /// Header values keyed by lower-cased name.
    var headers: [String: String]
    var body: [UInt8]

    func header(_ name: String) -> String? { headers[name.lowercased()] }
    var text: String { String(decoding: body, as: UTF8.self) }
    /// The body parsed by the model's own parser; nil when it is not JSON.
    var json: JSON? { try? JSONParser.parse(body, maxDepth: 512) }
    subscript(key: String) -> JSON? { json?[key] }
}

extension LiveResponse {
    /// A response read off a raw socket, for requests URLSession would normalise first.
    init(_ raw: RawHTTPResponse) {
        self.init(status: raw.status, headers: raw.headers, body: raw.body)
    }
}

/// Speaks to a live server over real HTTP with URLSession.
struct LiveClient: Sendable {
    let baseURL: String
    let port: UInt16

    /// Its own session, so no cookies, caches or credentials leak between tests.
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 15
        configuration.httpMaximumConnectionsPerHost = 32
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }()

    /// For a request that may wait long for its answer by design (a command waiting on a
    /// remote handler while a test does other things).
    static let patientSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 120
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }()

    /// Sends `method path` with a JSON body (or raw bytes) and a bearer token (or a whole
    /// `Authorization` value), if given.
    func send(
        _ method: String, _ path: String, json: JSON? = nil, bytes: [UInt8]? = nil, token: String? = nil,
        authorization: String? = nil, headers: [String: String] = [:], patient: Bool = false
    ) async throws -> LiveResponse {
        let url = try #require(URL(string: baseURL + path), "not a URL: \(path.prefix(80))")
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let value = authorization ?? token.map({ "Bearer \($0)" }) { request.setValue(value, forHTTPHeaderField: "Authorization") }
        if let body = bytes ?? json?.encoded() {
            request.httpBody = Data(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await (patient ? Self.patientSession : Self.session).data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            headers[String(describing: name).lowercased()] = String(describing: value)
        }
        return LiveResponse(status: http.statusCode, headers: headers, body: Array(data))
    }

    func get(_ path: String, token: String? = nil) async throws -> LiveResponse {
        try await send("GET", path, token: token)
    }

    func post(_ path: String, _ json: JSON, token: String? = nil) async throws -> LiveResponse {
        try await send("POST", path, json: json, token: token)
    }

    /// Creates a session, requiring the 201.
    func createSession() async throws -> RemoteSession {
        let response = try await send("POST", "/v1/sessions")
        try #require(response.status == 201, "POST /v1/sessions answered \(response.status): \(response.text)")
        let id = try #require(response["id"]?.stringValue)
        let token = try #require(response["token"]?.stringValue)
        return RemoteSession(id: id, token: token, client: self)
    }

    /// `GET /v1/images/{id}`'s rating, requiring the 200.
    func rating(of image: String, token: String) async throws -> Int {
        let response = try await get("/v1/images/\(image)", token: token)
        try #require(response.status == 200, "GET /v1/images/\(image) answered \(response.status): \(response.text)")
        return try #require(response["rating"]?.intValue)
    }

    /// The `/metrics` text, requiring the 200.
    func metrics() async throws -> String {
        let response = try await get("/metrics")
        try #require(response.status == 200)
        return response.text
    }
}

/// A session on a live server: its id, its token and shortcuts for its endpoints.
struct RemoteSession: Sendable {
    let id: String
    let token: String
    let client: LiveClient

    var path: String { "/v1/sessions/\(id)" }

    func command(_ body: JSON, explain: Bool = false) async throws -> LiveResponse {
        try await client.post(path + "/commands" + (explain ? "?explain=1" : ""), body, token: token)
    }

    /// Performs `action` with `args`, requiring a 200, and returns the answer.
    @discardableResult
    func perform(_ action: String, _ args: JSON = [:]) async throws -> LiveResponse {
        let response = try await command(["action": .string(action), "args": args])
        try #require(response.status == 200, "\(action) \(args.text) answered \(response.status): \(response.text)")
        return response
    }

    func key(_ key: String, _ modifiers: [String] = []) async throws -> LiveResponse {
        try await client.post(path + "/keys", ["key": .string(key), "modifiers": .array(modifiers.map(JSON.string))], token: token)
    }

    func menu(explain: Bool = false) async throws -> LiveResponse {
        try await client.get(path + "/menu" + (explain ? "?explain=1" : ""), token: token)
    }

    /// `GET /v1/sessions/{id}`, requiring a 200.
    func state() async throws -> JSON {
        let response = try await client.get(path, token: token)
        try #require(response.status == 200, "GET \(path) answered \(response.status): \(response.text)")
        return try #require(response.json)
    }

    /// Selects `images` and gives them `rating`.
    func rate(_ images: [String], _ rating: Int) async throws {
        try await perform("select", ["images": .array(images.map(JSON.string))])
        try await perform("setRating", ["rating": .number(Double(rating))])
    }

    func rating(of image: String) async throws -> Int {
        try await client.rating(of: image, token: token)
    }

    func ratings(of images: [String]) async throws -> [Int] {
        var ratings: [Int] = []
        for image in images { ratings.append(try await rating(of: image)) }
        return ratings
    }
}

extension JSON {
    /// The menu item (at any depth) with `id`, in a `GET …/menu` answer.
    func menuItem(_ id: String) -> JSON? {
        for menu in self["menus"]?.arrayValue ?? [] {
            if let found = Self.find(id, in: menu) { return found }
        }
        return nil
    }

    private static func find(_ id: String, in entry: JSON) -> JSON? {
        if entry["id"]?.stringValue == id, entry["action"] != nil { return entry }
        for child in entry["items"]?.arrayValue ?? [] {
            if let found = find(id, in: child) { return found }
        }
        return nil
    }

    var isBool: Bool {
        if case .bool = self { return true }
        return false
    }

    /// `["a", "b"]` from a JSON array of strings.
    var strings: [String]? { arrayValue?.compactMap(\.stringValue) }
}

/// Runs blocking work (a raw socket exchange, a semaphore wait, a child process) on a thread
/// of its own, so it never holds one of the few threads every test's async code shares, nor
/// one of Dispatch's global threads: the servers under test, in this same process, run
/// their own work there (a stream's close, a retried open), and on two cores a README tour
/// blocking one for 20 s left a stream open's ghost search waiting past its 2 s.
func offCooperativePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// Image ids `img-<first>` … `img-<last>`.
func imageIDs(_ range: ClosedRange<Int>) -> [String] { range.map { "img-\($0)" } }

/// The value of the sample named exactly `sample` (labels included) in Prometheus text.
func metricValue(_ text: String, _ sample: String) -> Double? {
    for line in text.split(separator: "\n") where line.hasPrefix(sample + " ") {
        return Double(line.dropFirst(sample.count + 1))
    }
    return nil
}

/// Checks an RFC 9457 answer: status, media type, `type` slug and `status` member.
func expectProblem(
    _ response: LiveResponse, _ status: Int, _ slug: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(response.status == status, "body: \(response.text.prefix(300))", sourceLocation: sourceLocation)
    #expect(response.header("Content-Type") == "application/problem+json", sourceLocation: sourceLocation)
    let type = response["type"]?.stringValue ?? ""
    #expect(type.hasSuffix("/" + slug), "type was \(type)", sourceLocation: sourceLocation)
    #expect(response["status"]?.intValue == status, sourceLocation: sourceLocation)
    #expect(response["title"]?.stringValue?.isEmpty == false, sourceLocation: sourceLocation)
}

/// What a session and the catalog look like from outside, to show a refused request changed nothing.
struct LiveSnapshot: Equatable {
    var session: JSON
    var menu: JSON?
    /// The first images of the catalog as listed (ids and ratings).
    var images: JSON?
    var commits: Double?

    static func take(_ session: RemoteSession) async throws -> LiveSnapshot {
        LiveSnapshot(
            session: try await session.state(), menu: try await session.menu().json,
            images: try await session.client.get("/v1/images?limit=3", token: session.token)["images"],
            commits: metricValue(try await session.client.metrics(), "chain_catalog_commits_total"))
    }
}

extension LiveServer {
    /// A server with a session that gave `img-1` and `img-2` five stars and still has them
    /// selected. After `body` it checks that the session, its menu, the ratings and the commit
    /// count are as before, and that the server still answers.
    static func withUnchangedSession(
        _ configure: (inout ServerConfiguration) -> Void = { _ in }, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: (LiveServer, RemoteSession) async throws -> Void
    ) async throws {
        try await with(configure) { server in
            let session = try await server.client.createSession()
            try await session.rate(["img-1", "img-2"], 5)
            let before = try await LiveSnapshot.take(session)

            try await body(server, session)

            #expect(try await server.client.get("/healthz").status == 200, sourceLocation: sourceLocation)
            let after = try await LiveSnapshot.take(session)
            #expect(after.session == before.session, sourceLocation: sourceLocation)
            #expect(after.images == before.images, "ratings changed", sourceLocation: sourceLocation)
            #expect(after.commits == before.commits, "catalog commits", sourceLocation: sourceLocation)
            #expect(after.menu == before.menu, "menu validation changed", sourceLocation: sourceLocation)
            #expect(before.images?.arrayValue?.prefix(2).map { $0["rating"] } == [5, 5], sourceLocation: sourceLocation)
        }
    }
}
