import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HTTP to one server: JSON requests with a bearer token, problem+json answers thrown as
/// `ChainProblem`s. Shared by a client and its sessions; stateless apart from `URLSession`.
final class ChainTransport: Sendable {
    let baseURL: URL
    let session: URLSession
    let retry: RetryPolicy
    /// The event streams, on a session of their own.
    let streams: StreamOpener

    /// The base URL's parts and its path without a trailing slash, parsed once: every
    /// request's URL is built from them (a remote handler makes one per call).
    private let base: URLComponents?
    private let basePath: String

    init(baseURL: URL, configuration: URLSessionConfiguration, retry: RetryPolicy) {
        self.baseURL = baseURL
        base = URLComponents(url: baseURL.appendingPathComponent(""), resolvingAgainstBaseURL: false)
        basePath = base.map { $0.path.hasSuffix("/") ? String($0.path.dropLast()) : $0.path } ?? ""
        self.retry = retry
        session = URLSession(configuration: configuration)
        streams = StreamOpener(baseURL: baseURL, configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// An answer: status, headers (lower-cased names) and body.
    struct Answer: Sendable {
        let status: Int
        let headers: [String: String]
        let body: Data

        func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    /// The request for `path` (with a query) on the server.
    func request(
        _ method: String, _ path: String, query: [URLQueryItem] = [], token: String?, headers: [String: String] = [:], body: Data? = nil
    ) throws -> URLRequest {
        guard var components = base else { throw ChainClientError.invalidURL(baseURL.absoluteString) }
        components.percentEncodedPath = basePath + path
        if !query.isEmpty { components.queryItems = query }
        guard let url = components.url else { throw ChainClientError.invalidURL(path) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }

    /// Sends `request` once; any status comes back as an answer.
    func send(_ request: URLRequest) async throws -> Answer {
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw ChainClientError.notHTTP }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            headers[String(describing: name).lowercased()] = String(describing: value)
        }
        return Answer(status: http.statusCode, headers: headers, body: data)
    }

    /// Sends `request`, throwing a `ChainProblem` for any answer outside 2xx (and 304).
    func expect(_ request: URLRequest) async throws -> Answer {
        let answer = try await send(request)
        guard (200..<300).contains(answer.status) || answer.status == 304 else {
            throw ChainProblem(status: answer.status, data: answer.body)
        }
        return answer
    }

    /// Sends `request` again on a transport failure (a reset connection, a timeout), backing
    /// off: for requests the server performs at most once whatever happens (they carry an
    /// `Idempotency-Key`, or change nothing).
    func expectRetrying(_ request: URLRequest) async throws -> Answer {
        var attempt = 1
        while true {
            do {
                return try await expect(request)
            } catch let error as ChainProblem where retry.retries(error) && attempt < retry.attempts {
                try await Task.sleep(for: retry.delay(after: attempt))
            } catch let error as URLError where retry.retries(error) && attempt < retry.attempts {
                try await Task.sleep(for: retry.delay(after: attempt))
            }
            attempt += 1
        }
    }

    /// `type` decoded from a 2xx answer's body.
    func decode<T: Decodable>(_ type: T.Type, _ answer: Answer) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: answer.body)
        } catch {
            throw ChainClientError.undecodable(String(describing: T.self), String(describing: error))
        }
    }

    /// `text` as one path segment: unreserved characters as they are, the rest percent-encoded.
    static func segment(_ text: String) -> String {
        // Ids (`c-12`, `h-1`) are unreserved already: no trip through CoreFoundation for them.
        if text.utf8.allSatisfy(isUnreserved) { return text }
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// JSON with sorted keys: the same command is the same bytes, as an `Idempotency-Key`
    /// repeated by the caller needs (a dictionary's order differs from one instance to another).
    func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }
}
