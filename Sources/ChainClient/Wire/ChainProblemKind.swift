/// What a problem's `type` ends with, as `API.md` and the server name them.
public struct ChainProblemKind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The last path segment of a problem `type` URI (`…/problems/not-found` → `not-found`).
    public init(typeURI: String) {
        rawValue = typeURI.split(separator: "/").last.map(String.init) ?? typeURI
    }

    public var description: String { rawValue }

    public static let malformed = Self(rawValue: "malformed")
    public static let unauthorized = Self(rawValue: "unauthorized")
    public static let forbidden = Self(rawValue: "forbidden")
    /// Creating a session on a server in `keys` mode without a key in force.
    public static let keyRequired = Self(rawValue: "key-required")
    public static let notFound = Self(rawValue: "not-found")
    public static let methodNotAllowed = Self(rawValue: "method-not-allowed")
    public static let unhandled = Self(rawValue: "unhandled")
    public static let disabled = Self(rawValue: "disabled")
    public static let rejected = Self(rawValue: "rejected")
    public static let tooLarge = Self(rawValue: "too-large")
    public static let uriTooLong = Self(rawValue: "uri-too-long")
    public static let headerTooLarge = Self(rawValue: "header-too-large")
    public static let invalidArgument = Self(rawValue: "invalid-argument")
    public static let tooManySessions = Self(rawValue: "too-many-sessions")
    public static let tooManyStreams = Self(rawValue: "too-many-streams")
    public static let tooManyHandlers = Self(rawValue: "too-many-handlers")
    public static let keyConflict = Self(rawValue: "key-conflict")
    public static let handlerTimeout = Self(rawValue: "handler-timeout")
    public static let handlerDisconnected = Self(rawValue: "handler-disconnected")
    public static let storageUnavailable = Self(rawValue: "storage-unavailable")
    public static let thumbnailsBusy = Self(rawValue: "thumbnails-busy")
    public static let preconditionFailed = Self(rawValue: "precondition-failed")
    public static let idempotencyKeyReused = Self(rawValue: "idempotency-key-reused")
    public static let internalError = Self(rawValue: "internal")
}
