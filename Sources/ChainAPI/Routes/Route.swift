import ChainHTTP
import ChainModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One endpoint: method, path pattern (`{name}` matches one segment), who may call it, and
/// the handler. The router's table of these is what `/openapi.json` is checked against.
///
/// A class, though immutable: the router reads a route's fields from the table on every
/// request, and a struct of strings, an array and a closure was copied whole for that (a
/// retain and a release of each member, through its value witnesses); a reference costs one.
package final class Route: Sendable {
    /// What a handler answers through: a `Reply`, which answers 500 if it is dropped unanswered.
    package typealias Respond = Reply

    package enum Access: Sendable {
        case open
        /// A live session's bearer token.
        case anySession
        /// The bearer token of the session named by `{id}` in the path.
        case ownSession
    }

    /// What the handler is given: a plain request, or one with its authenticated session.
    package enum Handler: Sendable {
        case plain(@Sendable (_ request: RouteRequest, _ respond: Respond) throws -> Void)
        case session(@Sendable (_ request: SessionRequest, _ respond: Respond) throws -> Void)
    }

    /// One segment of a pattern: a literal, or `{name}` matching any one segment.
    package enum Part: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    package let method: String
    package let pattern: String
    package let access: Access
    package let handler: Handler
    /// `pattern` split once, here, rather than on every request.
    package let parts: [Part]

    package init(method: String, pattern: String, access: Access, handler: Handler) {
        self.method = method
        self.pattern = pattern
        self.access = access
        self.handler = handler
        parts = pattern.split(separator: "/").map { part in
            part.hasPrefix("{") && part.hasSuffix("}") ? .parameter(String(part.dropFirst().dropLast())) : .literal(String(part))
        }
    }

    /// Open to anyone.
    package static func open(
        _ method: String, _ pattern: String, _ handle: @escaping @Sendable (RouteRequest, Respond) throws -> Void
    ) -> Route {
        Route(method: method, pattern: pattern, access: .open, handler: .plain(handle))
    }

    /// For any live session's token.
    package static func anySession(
        _ method: String, _ pattern: String, _ handle: @escaping @Sendable (RouteRequest, Respond) throws -> Void
    ) -> Route {
        Route(method: method, pattern: pattern, access: .anySession, handler: .plain(handle))
    }

    /// For any live session's token, as `anySession`; the handler gets that session (to
    /// remember what its client asked for).
    package static func anySession(
        _ method: String, _ pattern: String, session handle: @escaping @Sendable (SessionRequest, Respond) throws -> Void
    ) -> Route {
        Route(method: method, pattern: pattern, access: .anySession, handler: .session(handle))
    }

    /// For the token of the session `{id}` names; the handler gets that session.
    package static func ownSession(
        _ method: String, _ pattern: String, _ handle: @escaping @Sendable (SessionRequest, Respond) throws -> Void
    ) -> Route {
        Route(method: method, pattern: pattern, access: .ownSession, handler: .session(handle))
    }

    /// Whether `segments` fit the pattern; allocates nothing. Compared from the last segment,
    /// where a session's endpoints differ (`…/{id}/commands`, `…/{id}/keys`), rather than
    /// from `v1`, which they share.
    package func matches(_ segments: [Substring]) -> Bool {
        guard parts.count == segments.count else { return false }
        for index in parts.indices.reversed() {
            if case .literal(let literal) = parts[index], !Self.same(literal, segments[index]) { return false }
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
    package func parameters(_ segments: [Substring]) -> [String: String] {
        var parameters: [String: String] = [:]
        for (part, segment) in zip(parts, segments) {
            if case .parameter(let name) = part { parameters[name] = String(segment) }
        }
        return parameters
    }
}
