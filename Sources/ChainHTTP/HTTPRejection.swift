/// A request the HTTP layer refuses before it reaches `HTTPHandler.handle`. The handler still
/// writes the answer (`HTTPHandler.response(for:)`) so that every error body has one format.
package enum HTTPRejection: Sendable, Equatable {
    /// The body is larger than `HTTPServer.Configuration.maxBodyBytes`, either as declared by
    /// `Content-Length` or as counted while a chunked body arrived.
    case bodyTooLarge(limit: Int)
    /// The head breaks a framing rule (`HTTPHeadCheck`): answered 400, and the connection
    /// closes, since where this request ends cannot be trusted.
    case malformedHead(String)
    /// The raw request target is longer than `HTTPHeadLimits.maxTargetBytes`: 414.
    case targetTooLong(limit: Int)
    /// The header fields are larger than `HTTPHeadLimits.maxSectionBytes`, or more than
    /// `maxFields`: 431.
    case headerTooLarge(limit: Int, fields: Int)

    /// Whether the connection must close after the answer.
    /// A head refused for its size is answered before its body is read, and the body's
    /// bytes must not be taken for a next request.
    package var closesConnection: Bool {
        switch self {
        case .malformedHead, .targetTooLong, .headerTooLarge: true
        case .bodyTooLarge: false
        }
    }
}
