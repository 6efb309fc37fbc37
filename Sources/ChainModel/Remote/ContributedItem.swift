/// A menu item a remote handler contributes for its action (`menuItems` of `POST …/handlers`):
/// it goes into the menu `menu` after the item `after` (at the end when `nil` or gone), lives
/// as long as its handler, and shows disabled with no target while the handler is not live.
/// Its id in the menu is the handler's id, a dot and `id` (`h-1.export`).
public struct ContributedItem: Sendable, Equatable {
    public let id: String
    public let menu: String
    public let after: String?
    public let title: String
    public let arguments: Arguments
    public let keyEquivalent: KeyEquivalent?

    public init(id: String, menu: String, after: String? = nil, title: String, arguments: Arguments = .empty, keyEquivalent: KeyEquivalent? = nil) {
        self.id = id
        self.menu = menu
        self.after = after
        self.title = title
        self.arguments = arguments
        self.keyEquivalent = keyEquivalent
    }

    /// The item as the menu shows it, for `handler`: its id prefixed, its action the handler's.
    public func menuItem(of handler: RemoteHandler) -> MenuItem {
        MenuItem(id: "\(handler.id).\(id)", title: title, action: handler.action, arguments: arguments, keyEquivalent: keyEquivalent)
    }
}

/// A key a remote handler binds to its action on its own responder (`keyBindings` of
/// `POST …/handlers`): tried there, before the responder kind's bindings.
public struct ContributedBinding: Sendable, Equatable {
    public let key: KeyEquivalent
    public let arguments: Arguments

    public init(key: KeyEquivalent, arguments: Arguments = .empty) {
        self.key = key
        self.arguments = arguments
    }

    /// The binding as key resolution sees it, on `handler`'s responder of `kind`.
    public func keyBinding(of handler: RemoteHandler, kind: ResponderKind) -> KeyBinding {
        KeyBinding(kind: kind, key: key, invocation: Invocation(action: handler.action, arguments: arguments), handler: handler.id)
    }
}
