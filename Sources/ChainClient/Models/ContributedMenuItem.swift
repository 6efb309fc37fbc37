/// A menu item a handler contributes (v1.2): its id is prefixed with the handler's (`h-1.export`).
public struct ContributedMenuItem: Codable, Sendable, Hashable {
    public var menu: String
    public var after: String?
    public var id: String
    public var title: String
    public var args: JSONValue?
    public var key: String?
    public var modifiers: [String]?

    public init(menu: String, after: String? = nil, id: String, title: String, args: JSONValue? = nil, key: String? = nil, modifiers: [String]? = nil) {
        self.menu = menu
        self.after = after
        self.id = id
        self.title = title
        self.args = args
        self.key = key
        self.modifiers = modifiers
    }
}
