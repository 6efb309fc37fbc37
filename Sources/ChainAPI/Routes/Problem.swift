import ChainHTTP
import ChainModel
import ChainService
import ChainStorage

/// An RFC 9457 problem: the one shape every error answer takes. Each case of failure knows
/// its status and type here, so no route decides a status on its own.
package struct Problem: Error, Sendable {
    package enum Kind: String, Sendable {
        case malformed
        case unauthorized
        /// A key is needed to make a session (`auth.mode` `keys`): the web client asks for one.
        case keyRequired = "key-required"
        case forbidden
        case notFound = "not-found"
        case methodNotAllowed = "method-not-allowed"
        case unhandled
        case disabled
        case rejected
        case tooLarge = "too-large"
        case uriTooLong = "uri-too-long"
        case headerTooLarge = "header-too-large"
        case invalidArgument = "invalid-argument"
        case tooManySessions = "too-many-sessions"
        case tooManyStreams = "too-many-streams"
        case tooManyHandlers = "too-many-handlers"
        case keyConflict = "key-conflict"
        case handlerTimeout = "handler-timeout"
        case handlerDisconnected = "handler-disconnected"
        case storageUnavailable = "storage-unavailable"
        case thumbnailsBusy = "thumbnails-busy"
        case preconditionFailed = "precondition-failed"
        case idempotencyKeyReused = "idempotency-key-reused"
        case internalError = "internal"

        package var status: Int {
            switch self {
            case .malformed: 400
            case .unauthorized, .keyRequired: 401
            case .forbidden: 403
            case .notFound: 404
            case .methodNotAllowed: 405
            case .unhandled, .disabled, .keyConflict: 409
            case .tooLarge: 413
            case .uriTooLong: 414
            case .headerTooLarge: 431
            case .preconditionFailed: 412
            case .invalidArgument, .rejected, .tooManyHandlers, .idempotencyKeyReused: 422
            case .tooManyStreams: 429
            case .handlerDisconnected: 502
            case .handlerTimeout: 504
            case .internalError: 500
            case .tooManySessions, .storageUnavailable, .thumbnailsBusy: 503
            }
        }

        package var title: String {
            switch self {
            case .malformed: "Malformed request"
            case .unauthorized: "Missing or invalid session token"
            case .keyRequired: "Missing, unknown or revoked API key"
            case .forbidden: "Not allowed for this principal's role"
            case .notFound: "Not found"
            case .methodNotAllowed: "Method not allowed"
            case .unhandled: "No responder can perform this command"
            case .disabled: "Command is disabled"
            case .rejected: "Command was rejected"
            case .tooLarge: "Request body too large"
            case .uriTooLong: "Request target too long"
            case .headerTooLarge: "Request header fields too large"
            case .invalidArgument: "Invalid argument"
            case .tooManySessions: "Too many sessions"
            case .tooManyStreams: "Too many event streams"
            case .tooManyHandlers: "Too many remote handlers"
            case .keyConflict: "Key already in force"
            case .handlerTimeout: "Remote handler did not answer in time"
            case .handlerDisconnected: "Remote handler's client disconnected"
            case .storageUnavailable: "Catalog storage unavailable"
            case .thumbnailsBusy: "Too many thumbnails being made"
            case .preconditionFailed: "Session has moved on"
            case .idempotencyKeyReused: "Idempotency key reused"
            case .internalError: "Internal error"
            }
        }
    }

    package var kind: Kind
    package var detail: String
    /// Replaces the kind's title, for a remote handler's own error title.
    package var title: String?
    /// Extra members (`action`, `chain`, `responder`, `field`, …).
    package var members: [(key: String, value: JSON)] = []
    package var headers: [HTTPResponse.Header] = []

    package init(_ kind: Kind, _ detail: String, _ members: [(key: String, value: JSON)] = []) {
        self.kind = kind
        self.detail = detail
        self.members = members
    }

    package var response: HTTPResponse {
        var response = HTTPResponse(status: kind.status, contentType: "application/problem+json", body: ProblemBody(problem: self).encoded())
        response.headers += headers
        if kind == .unauthorized || kind == .keyRequired { response.headers.append(HTTPResponse.Header(name: "WWW-Authenticate", value: "Bearer")) }
        return response
    }
}

extension Problem {
    /// The problem a failed command answers with, and the outcome label metrics count it under.
    package init(_ failure: CommandFailure) {
        switch failure.error {
        case .notFound(let subject, let name, let field):
            self.init(.notFound, "unknown \(subject.rawValue) \"\(name)\"", Problem.field(field) + [(key: "name", value: .string(name))])
        case .invalidArgument(let error):
            self.init(.invalidArgument, error.description, [(key: "field", value: .string(error.field))])
        case .unhandled(let action, let chain):
            self.init(.unhandled, "no responder in the chain can perform \(action)", [
                (key: "action", value: .string(action)), (key: "chain", value: .array(chain.map { .string($0.string) })),
            ])
        case .disabled(let action, let responder, let reason) where reason == Role.readOnlyReason:
            // A viewer's write: the chain validated it read-only; sent anyway, it is forbidden.
            self.init(.forbidden, "\(action) is a catalog write; this session's principal is a viewer (read-only)", [
                (key: "action", value: .string(action)), (key: "responder", value: .string(responder.string)),
                (key: "reason", value: .string(Role.readOnlyReason)),
            ])
        case .disabled(let action, let responder, let reason):
            self.init(.disabled, "\(action) is disabled" + (reason.map { ": \($0)" } ?? ""), [
                (key: "action", value: .string(action)), (key: "responder", value: .string(responder.string)),
            ] + (reason.map { [(key: "reason", value: .string($0))] } ?? []))
        case .rejected(let code, let message, let responder):
            self.init(.rejected, message, [(key: "code", value: .string(code))]
                + (responder.map { [(key: "responder", value: .string($0.string))] } ?? []))
        case .remoteError(let title, let detail, let responder):
            self.init(.rejected, detail, [(key: "responder", value: .string(responder.string))])
            self.title = title
        }
        if !failure.catches.isEmpty {
            members.append((key: "caughtBy", value: .array(failure.catches.map { .string($0.responder.string) })))
        }
        if let step = failure.step { self = self.step(step) }
    }

    /// The problem of a batch's step `index`, which `step` names.
    package func step(_ index: Int) -> Problem {
        var problem = self
        problem.members.append((key: "step", value: .number(Double(index))))
        return problem
    }

    package static func field(_ name: String?) -> [(key: String, value: JSON)] {
        name.map { [(key: "field", value: .string($0))] } ?? []
    }

    /// A catalog read or write that failed: logged in full, answered with 503 and nothing
    /// of the cause.
    package static func storage(_ error: any Error, log: Logger) -> Problem {
        log.log(.error, "catalog.error", [(key: "error", value: .string(String(describing: error)))])
        return Problem(.storageUnavailable, "the catalog could not be read or written; nothing was changed")
    }

    package static func invalid(_ field: String, _ detail: String) -> Problem {
        Problem(.invalidArgument, detail, [(key: "field", value: .string(field))])
    }

    /// The problem of a body member the service refused.
    package init(_ invalid: InvalidInput) {
        self.init(.invalidArgument, invalid.detail, [(key: "field", value: .string(invalid.field))] + invalid.extra)
    }

    /// The problem of a refusal about a session.
    package init(_ error: SessionError) {
        switch error {
        case .ended:
            self.init(.unauthorized, "the session ended before this request's turn came")
        case .tooManyStreams(let max):
            self.init(.tooManyStreams, "a session has at most \(max) open event streams; close one first")
        }
    }
}
