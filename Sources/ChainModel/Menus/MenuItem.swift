/// One entry of a menu: a command item or a submenu.
public enum MenuEntry: Sendable {
    case item(MenuItem)
    case submenu(Menu)
}

/// A menu item: a command (action and arguments) with a title and an optional key equivalent.
public struct MenuItem: Sendable {
    public var id: String
    public var title: String
    public var action: String
    public var arguments: Arguments
    public var keyEquivalent: KeyEquivalent?

    public init(id: String, title: String, action: String, arguments: Arguments = .empty, keyEquivalent: KeyEquivalent? = nil) {
        self.id = id
        self.title = title
        self.action = action
        self.arguments = arguments
        self.keyEquivalent = keyEquivalent
    }

    public var invocation: Invocation { Invocation(action: action, arguments: arguments) }
}

/// A menu or submenu.
public struct Menu: Sendable {
    public var id: String
    public var title: String
    public var entries: [MenuEntry]

    public init(id: String, title: String, entries: [MenuEntry]) {
        self.id = id
        self.title = title
        self.entries = entries
    }

    /// Every command item, depth first.
    public var allItems: [MenuItem] {
        entries.flatMap { entry -> [MenuItem] in
            switch entry {
            case .item(let item): [item]
            case .submenu(let menu): menu.allItems
            }
        }
    }
}
