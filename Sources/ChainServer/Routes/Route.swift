import ChainModel

/// One endpoint: method, path pattern (`{name}` matches one segment), who may call it, and
/// the handler. The router's table of these is what `/openapi.json` is checked against.
struct Route: Sendable {
    typealias Respond = @Sendable (HTTPResponse) -> Void

    enum Access: Sendable {
        case open
        /// A live session's bearer token.
        case anySession
        /// The bearer token of the session named by `{id}` in the path.
        case ownSession
    }

    /// What the handler is given: a plain request, or one with its authenticated session.
    enum Handler: Sendable {
        case plain(@Sendable (_ request: RouteRequest, _ respond: @escaping Respond) throws -> Void)
        case session(@Sendable (_ request: SessionRequest, _ respond: @escaping Respond) throws -> Void)
    }

    let method: String
    let pattern: String
    let access: Access
    let handler: Handler

    /// Open to anyone.
    static func open(
        _ method: String, _ pattern: String, _ handle: @escaping @Sendable (RouteRequest, @escaping Respond) throws -> Void
    ) -> Route {
        Route(method: method, pattern: pattern, access: .open, handler: .plain(handle))
    }

    /// For any live session's token.
    static func anySession(
        _ method: String, _ pattern: String, _ handle: @escaping @Sendable (RouteRequest, @escaping Respond) throws -> Void
    ) -> Route {
        Route(method: method, pattern: pattern, access: .anySession, handler: .plain(handle))
    }

    /// For the token of the session `{id}` names; the handler gets that session.
    static func ownSession(
        _ method: String, _ pattern: String, _ handle: @escaping @Sendable (SessionRequest, @escaping Respond) throws -> Void
    ) -> Route {
        Route(method: method, pattern: pattern, access: .ownSession, handler: .session(handle))
    }

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
