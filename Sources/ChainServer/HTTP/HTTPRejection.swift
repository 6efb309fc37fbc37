/// A request the HTTP layer refuses before it reaches `HTTPHandler.handle`. The handler still
/// writes the answer (`HTTPHandler.response(for:)`) so that every error body has one format.
enum HTTPRejection: Sendable, Equatable {
    /// The body is larger than `HTTPServer.Configuration.maxBodyBytes`, either as declared by
    /// `Content-Length` or as counted while a chunked body arrived.
    case bodyTooLarge(limit: Int)
    /// The head breaks a framing rule (`HTTPHeadCheck`): answered 400, and the connection
    /// closes, since where this request ends cannot be trusted.
    case malformedHead(String)

    /// Whether the connection must close after the answer.
    var closesConnection: Bool {
        if case .malformedHead = self { return true }
        return false
    }
}
