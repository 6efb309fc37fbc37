import ChainModel

/// One endpoint: method, path pattern (`{name}` matches one segment), who may call it, and
/// the handler. The router's table of these is what `/openapi.json` is checked against.
struct Route: Sendable {
    enum Access: Sendable {
        case open
        /// A live session's bearer token.
        case anySession
        /// The bearer token of the session named by `{id}` in the path.
        case ownSession
    }

    typealias Respond = @Sendable (HTTPResponse) -> Void
    typealias Handler = @Sendable (_ request: RouteRequest, _ respond: @escaping Respond) throws -> Void

    let method: String
    let pattern: String
    let access: Access
    let handle: Handler

    /// Path parameters when `segments` fit the pattern, else `nil`.
    func match(_ segments: [Substring]) -> [String: String]? {
        let parts = pattern.split(separator: "/")
        guard parts.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (part, segment) in zip(parts, segments) {
            if part.hasPrefix("{") {
                parameters[String(part.dropFirst().dropLast())] = String(segment)
            } else if part != segment {
                return nil
            }
        }
        return parameters
    }
}

/// A request the router matched: parameters, the authenticated session when the route
/// needs one, and the service.
struct RouteRequest: Sendable {
    let http: HTTPRequest
    let parameters: [String: String]
    let session: LiveSession?
    let service: ChainService

    /// `?explain=1` (or `true`).
    var explain: Bool { ["1", "true"].contains(http.query["explain"] ?? "") }

    /// The body as a JSON object, or a 400 problem.
    func jsonObject() throws(Problem) -> JSON {
        let value: JSON
        do {
            value = try JSONParser.parse(http.body, maxDepth: service.configuration.maxJSONDepth)
        } catch {
            throw Problem(.malformed, error.tooDeep ? "body is nested too deeply: \(error)" : "body is not valid JSON: \(error)",
                          [(key: "position", value: .number(Double(error.offset)))])
        }
        guard value.objectMembers != nil else { throw Problem(.malformed, "body must be a JSON object, not \(value.kindName)") }
        return value
    }
}
