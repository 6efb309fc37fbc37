import ChainHTTP
import ChainModel
import ChainService
import ChainSupport

/// Turns one request into one response: finds the route (404 for no path, 405 for a known
/// path with another method), checks the session token, runs the handler, then logs the
/// request and counts it.
package final class Router: HTTPHandler {
    package let routes: [Route]
    package let sessions: SessionRegistry
    package let metrics: Metrics
    package let log: Logger
    package let cors: CORSPolicy
    /// The table's indices by the number of segments their pattern has, in table order: a
    /// request is matched only against the routes of its length, not walked past the rest.
    private let byLength: [[Int]]

    package init(routes: [Route], sessions: SessionRegistry, metrics: Metrics, log: Logger, cors: CORSPolicy = CORSPolicy(origins: [])) {
        self.routes = routes
        var byLength = Array(repeating: [Int](), count: (routes.map(\.parts.count).max() ?? 0) + 1)
        for (index, route) in routes.enumerated() { byLength[route.parts.count].append(index) }
        self.byLength = byLength
        self.sessions = sessions
        self.metrics = metrics
        self.log = log
        self.cors = cors
    }

    package func handle(_ request: HTTPRequest, respond: @escaping @Sendable (HTTPResponse) -> Void) {
        let started = ContinuousClock.now
        let segments = Self.segments(of: request.path)
        let method = request.method == "HEAD" ? "GET" : request.method
        // The common case, one route for this path and method, is found without building the
        // list of the path's routes; the list is made only for CORS, 404 and 405.
        let direct = segments.flatMap { segments in route(method, segments) }
        var candidates: [Route] {
            segments.map { segments in self.routes(of: segments).filter { $0.matches(segments) } } ?? []
        }
        var respond = respond
        if !cors.isEmpty {
            let origin = cors.allowedOrigin(of: request)
            if origin != nil, let preflight = cors.preflight(request, methods: candidates.map(\.method)) {
                finish(request, route: candidates.first?.pattern ?? "unmatched", session: nil, started: started, respond: respond)(preflight)
                return
            }
            let (cors, plain) = (cors, respond)
            respond = { plain(cors.decorate($0, origin: origin)) }
        }
        guard let direct, let segments else {
            let candidates = candidates
            let problem: Problem
            if candidates.isEmpty {
                problem = Problem(.notFound, "no endpoint at \(request.path.prefix(200))")
            } else {
                let allowed = candidates.map(\.method)
                problem = with(Problem(.methodNotAllowed, "\(request.method.prefix(20)) is not allowed here; use \(allowed.joined(separator: ", "))")) {
                    $0.headers = [HTTPResponse.Header(name: "Allow", value: allowed.joined(separator: ", "))]
                }
            }
            finish(request, route: candidates.first?.pattern ?? "unmatched", session: nil, started: started, respond: respond)(problem.response)
            return
        }
        let parameters = routes[direct].parameters(segments)
        let pattern = routes[direct].pattern
        let session: LiveSession?
        do {
            session = try authenticate(request, access: routes[direct].access, parameters: parameters)
        } catch {
            finish(request, route: pattern, session: nil, started: started, respond: respond)(error.response)
            return
        }
        let done = finish(request, route: pattern, session: session?.id, started: started, respond: respond)
        let matched = RouteRequest(http: request, parameters: parameters)
        do {
            switch routes[direct].handler {
            case .plain(let handle): try handle(matched, done)
            case .session(let handle):
                // `authenticate` returns the path's own session for every `ownSession` route, and
                // the token's for every `anySession` one.
                guard let session else { throw Problem(.unauthorized, "this endpoint needs the session's own token") }
                try handle(SessionRequest(route: matched, session: session), done)
            }
        } catch let problem as Problem {
            done(problem.response)
        } catch let invalid as InvalidInput {
            done(Problem(invalid).response)
        } catch let error as SessionError {
            done(Problem(error).response)
        } catch {
            done(internalError(error, route: pattern))
        }
    }

    /// Something no route expected: logged in full, answered with nothing of it.
    package func internalError(_ error: any Error, route: String) -> HTTPResponse {
        log.log(.error, "internal", [(key: "route", value: .string(route)), (key: "error", value: .string(String(describing: error)))])
        return Problem(.internalError, "the server could not answer this request").response
    }

    package func response(for rejection: HTTPRejection) -> HTTPResponse {
        switch rejection {
        case .bodyTooLarge(let limit):
            metrics.recordRequest(route: "rejected", method: "-", status: 413, seconds: 0)
            return Problem(.tooLarge, "request body exceeds the limit of \(limit) bytes", [(key: "limit", value: .number(Double(limit)))]).response
        case .malformedHead(let reason):
            metrics.recordRequest(route: "rejected", method: "-", status: 400, seconds: 0)
            return Problem(.malformed, reason).response
        case .targetTooLong(let limit):
            metrics.recordRequest(route: "rejected", method: "-", status: 414, seconds: 0)
            return Problem(.uriTooLong, "the request target exceeds the limit of \(limit) bytes", [(key: "limit", value: .number(Double(limit)))]).response
        case .headerTooLarge(let limit, let fields):
            metrics.recordRequest(route: "rejected", method: "-", status: 431, seconds: 0)
            return Problem(
                .headerTooLarge, "the header fields exceed the limit of \(limit) bytes or \(fields) fields",
                [(key: "limit", value: .number(Double(limit))), (key: "maxFields", value: .number(Double(fields)))]
            ).response
        }
    }

    /// The first route of the table for `method` whose pattern `segments` fit.
    private func route(_ method: String, _ segments: [Substring]) -> Int? {
        guard segments.count < byLength.count else { return nil }
        for index in byLength[segments.count] where routes[index].method == method && routes[index].matches(segments) {
            return index
        }
        return nil
    }

    /// The routes, in table order, whose patterns have as many segments as `segments`.
    private func routes(of segments: [Substring]) -> [Route] {
        segments.count < byLength.count ? byLength[segments.count].map { routes[$0] } : []
    }

    /// 401 without a valid token; for `ownSession` routes 404 when `{id}` names no live
    /// session and 401 when the token belongs to another one.
    private func authenticate(_ request: HTTPRequest, access: Route.Access, parameters: [String: String]) throws(Problem) -> LiveSession? {
        if case .open = access { return nil }
        let session: LiveSession
        switch sessions.authenticate(token: request.header("authorization").flatMap(BearerToken.parse)) {
        case .missing: throw Problem(.unauthorized, "send Authorization: Bearer <token> with the token from POST /v1/sessions")
        case .invalid: throw Problem(.unauthorized, "the session token is not valid (wrong, ended or expired)")
        case .unavailable:
            throw Problem(.storageUnavailable, "the session could not be looked up in the catalog storage; nothing was changed")
        case .valid(let valid): session = valid
        }
        if case .ownSession = access, let id = parameters["id"], id != session.id {
            guard sessions.contains(id: id) else { throw Problem(.notFound, "no live session \"\(id.prefix(80))\"") }
            throw Problem(.unauthorized, "this token does not belong to session \"\(id.prefix(80))\"")
        }
        return session
    }

    /// Wraps `respond` so every answer is logged and counted exactly once.
    private func finish(
        _ request: HTTPRequest, route: String, session: String?, started: ContinuousClock.Instant,
        respond: @escaping @Sendable (HTTPResponse) -> Void
    ) -> Reply {
        Reply(
            route: route, log: log, metrics: metrics, method: Self.methodLabel(request.method), session: session, started: started,
            send: respond)
    }
}

extension Router {
    /// The path's segments; `nil` when one is empty (`//`, a trailing `/`), which no route
    /// has, so `////` is not the web client at `/`.
    package static func segments(of path: String) -> [Substring]? {
        guard path != "/" else { return [] }
        // Split on the bytes: a `/` is one byte in UTF-8 and never part of another character,
        // and this skips the grapheme breaking `String.split` would do.
        let slash = UInt8(ascii: "/")
        let bytes = path.utf8
        guard bytes.first == slash else { return nil }
        var segments: [Substring] = []
        segments.reserveCapacity(6)
        var start = bytes.index(after: bytes.startIndex)
        var index = start
        while true {
            if index == bytes.endIndex || bytes[index] == slash {
                guard index > start else { return nil }  // an empty segment
                segments.append(Substring(path[start..<index]))
                if index == bytes.endIndex { return segments }
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
    }

    package static let knownMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT"]

    /// The method as metrics and logs name it: anything non-standard is `other`, so a client
    /// cannot mint a new metrics series per request.
    package static func methodLabel(_ method: String) -> String {
        knownMethods.contains(method) ? method : "other"
    }
}
