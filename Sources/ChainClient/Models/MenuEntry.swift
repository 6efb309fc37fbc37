/// A menu, submenu or item. A submenu has `items` and no `action`; an item carries its
/// validation (`enabled`, `state`, `title`, `hidden`, `target`).
public struct MenuEntry: Codable, Sendable, Hashable {
    public var id: String
    public var title: String
    public var items: [MenuEntry]?
    public var action: String?
    public var args: JSONValue?
    public var identifier: String?
    public var key: String?
    public var modifiers: [String]?
    public var enabled: Bool?
    /// `on`, `off` or `mixed`.
    public var state: String?
    public var hidden: Bool?
    /// The responder that would perform it now; nil when none can.
    public var target: String?
    /// With `explain`: one step per responder visited.
    public var trace: [JSONValue]?

    func find(_ wanted: String) -> MenuEntry? {
        if id == wanted { return self }
        for item in items ?? [] { if let found = item.find(wanted) { return found } }
        return nil
    }
}
