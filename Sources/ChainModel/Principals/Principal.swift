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

    /// Whether `name` may name a principal: 1 to 64 letters, digits, `.`, `_`, `-` or `@`,
    /// so it is safe in logs, headers and the web client as it stands.
    public static func isValidName(_ name: String) -> Bool {
        guard (1...64).contains(name.utf8.count) else { return false }
        return name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "@")
        }
    }
}
