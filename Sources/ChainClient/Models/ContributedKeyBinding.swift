/// A key binding a handler contributes (v1.2): the key performs the handler's action with `args`.
public struct ContributedKeyBinding: Codable, Sendable, Hashable {
    public var key: String
    public var modifiers: [String]
    public var args: JSONValue?

    public init(key: String, modifiers: [String] = [], args: JSONValue? = nil) {
        self.key = key
        self.modifiers = modifiers
        self.args = args
    }
}
