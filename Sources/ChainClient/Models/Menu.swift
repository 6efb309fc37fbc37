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
