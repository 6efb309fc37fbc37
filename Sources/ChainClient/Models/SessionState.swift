/// A session object (`GET /v1/sessions/{id}`, a command answer's `session`, `hello`'s).
public struct SessionState: Codable, Sendable, Hashable {
    public var id: String
    /// Grows with every change to the session (the `If-Match` of commands).
    public var version: Int
    public var firstResponder: String
    /// The first responder and its next responders up to `app`.
    public var chain: [String]
    public var windows: [Window]
    /// Only in the answer that created the session.
    public var token: String?
    /// Who the session acts for; `nil` from a server older than principals.
    public var principal: ChainPrincipal?

    /// The window named `id`.
    public func window(_ id: String) -> Window? { windows.first { $0.id == id } }
}
