#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// One segment of a pattern: a literal, or `{name}` matching any one segment.
    enum Part: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    let method: String
    let pattern: String
    let access: Access
    let handler: Handler
    /// `pattern` split once, here, rather than on every request.
    let parts: [Part]

    init(method: String, pattern: String, access: Access, handler: Handler) {
        self.method = method
        self.pattern = pattern
        self.access = access
        self.handler = handler
        parts = pattern.split(separator: "/").map { part in
            part.hasPrefix("{") && part.hasSuffix("}") ? .parameter(String(part.dropFirst().dropLast())) : .literal(String(part))
        }
    }

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

    /// Whether `segments` fit the pattern; allocates nothing.
    func matches(_ segments: [Substring]) -> Bool {
        guard parts.count == segments.count else { return false }
        for (part, segment) in zip(parts, segments) {
            if case .literal(let literal) = part, !Self.same(literal, segment) { return false }
        }
        return true
    }

    /// Byte equality, compared in place when both are contiguous (native strings always are).
    private static func same(_ literal: String, _ segment: Substring) -> Bool {
        guard literal.utf8.count == segment.utf8.count else { return false }
        let compared = literal.utf8.withContiguousStorageIfAvailable { a in
            segment.utf8.withContiguousStorageIfAvailable { b in
                a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
            }
        }
        return (compared ?? nil) ?? literal.utf8.elementsEqual(segment.utf8)
    }

    /// The path parameters of `segments`, which `matches`.
    func parameters(_ segments: [Substring]) -> [String: String] {
        var parameters: [String: String] = [:]
        for (part, segment) in zip(parts, segments) {
            if case .parameter(let name) = part { parameters[name] = String(segment) }
        }
        return parameters
    }
}
