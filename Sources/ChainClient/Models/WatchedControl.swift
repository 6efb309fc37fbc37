/// A control a client shows outside its menus (a toolbar button), declared with `PUT …/watches`.
public struct WatchedControl: Codable, Sendable, Hashable {
    public var id: String
    public var action: String
    public var args: JSONValue
    public var target: String?

    public init(id: String, action: String, args: JSONValue = [:], target: String? = nil) {
        self.id = id
        self.action = action
        self.args = args
        self.target = target
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(action, forKey: .action)
        try container.encode(args, forKey: .args)
        try container.encode(target, forKey: .target)
    }
}
