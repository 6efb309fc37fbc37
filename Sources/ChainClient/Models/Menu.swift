/// The menu bar validated against the session's chain (`GET …/menu`).
public struct Menu: Codable, Sendable, Hashable {
    public var firstResponder: String
    public var menus: [MenuEntry]

    /// The item (or submenu) with this id, at any depth.
    public func item(_ id: String) -> MenuEntry? {
        for menu in menus { if let found = menu.find(id) { return found } }
        return nil
    }
}

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

/// A responder's context menu (`GET …/context-menu`).
public struct ContextMenu: Codable, Sendable, Hashable {
    public var responder: String
    public var image: String?
    public var items: [MenuEntry]
}
