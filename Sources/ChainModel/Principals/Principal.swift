/// Who a session acts for: a named key's holder, a user a trusted proxy vouched for, or,
/// in `open` mode, the anonymous editor every client is.
public struct Principal: Sendable, Hashable {
    public var name: String
    public var role: Role

    public init(name: String, role: Role) {
        self.name = name
        self.role = role
    }

    /// Every client in `open` mode.
    public static let anonymous = Principal(name: "anonymous", role: .editor)
}
