/// Who a session acts for (`principal` in the session object): a key's holder, a user a
/// trusted proxy names, or in `open` mode the anonymous editor. `role` is `viewer`,
/// `editor` or `admin`; a viewer's catalog writes answer `ChainProblemKind.forbidden`.
public struct ChainPrincipal: Codable, Sendable, Hashable {
    public var name: String
    public var role: String

    public init(name: String, role: String) {
        self.name = name
        self.role = role
    }
}
