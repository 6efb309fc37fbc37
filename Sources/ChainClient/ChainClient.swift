import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A ChainServer over HTTP: opens and resumes sessions. Foundation only (URLSession).
///
///     let client = ChainClient(url: URL(string: "http://127.0.0.1:8080")!)
///     let session = try await client.openSession()
///     try await session.perform(.select(["img-1", "img-2"]))
///     try await session.perform(.setRating(5))
public struct ChainClient: Sendable {
    let transport: ChainTransport

    /// - Parameters:
    ///   - url: the server's base URL.
    ///   - configuration: URLSession's (default: ephemeral, no cache, 60 s per request: a
    ///     command may wait on a remote handler up to its deadline).
    ///   - retry: how a command is sent again when its connection fails (same `Idempotency-Key`).
    public init(url: URL, configuration: URLSessionConfiguration? = nil, retry: RetryPolicy = RetryPolicy()) {
        let configuration = configuration ?? Self.defaultConfiguration()
        transport = ChainTransport(baseURL: url, configuration: configuration, retry: retry)
    }

    public var url: URL { transport.baseURL }

    static func defaultConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 60
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = 16
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCredentialStorage = nil
        return configuration
    }

    /// `POST /v1/sessions`: a new session (one browser window, first responder `main/grid`).
    /// `apiKey` is the bearer key of a server in `keys` auth mode.
    public func openSession(apiKey: String? = nil) async throws -> ChainSession {
        let request = try transport.request("POST", "/v1/sessions", token: apiKey, body: Data("{}".utf8))
        let created = try transport.decode(SessionState.self, try await transport.expect(request))
        guard let token = created.token else { throw ChainClientError.undecodable("SessionState", "no token in the created session") }
        return ChainSession(id: created.id, token: token, transport: transport)
    }

    /// A session known by id and token (from an earlier run), without asking the server.
    public func session(id: String, token: String) -> ChainSession {
        ChainSession(id: id, token: token, transport: transport)
    }

    /// Resumes a session by id and token, checking that it still exists (a 401 or 404
    /// `ChainProblem` when it does not). Sessions outlive server restarts.
    public func resumeSession(id: String, token: String) async throws -> (ChainSession, SessionState) {
        let session = session(id: id, token: token)
        return (session, try await session.state())
    }

    /// `GET /healthz`.
    public func health() async throws -> String {
        let answer = try await transport.expect(try transport.request("GET", "/healthz", token: nil))
        return try transport.decode([String: String].self, answer)["status"] ?? ""
    }
}
