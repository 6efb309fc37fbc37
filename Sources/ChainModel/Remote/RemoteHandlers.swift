/// The remote handlers of one session and whether their client is connected, as one walk or
/// one menu validation sees them. A value: the server keeps the current one beside the
/// session and hands a copy to each pass.
public struct RemoteHandlers: Sendable, Equatable {
    /// In registration order; a walk asks the newest first.
    public private(set) var handlers: [RemoteHandler]
    /// A handler performs only while its client can hear the call (an open event stream);
    /// otherwise it declines and the walk goes on.
    public var isLive: Bool
    /// The controls the session's clients show outside their menus, validated as menu items
    /// and sent in `menu` events under their ids.
    public var watches: [WatchedControl]

    public static let none = RemoteHandlers()

    /// Why a handler whose client is gone declines.
    public static let notLiveReason = "its client is not connected"

    public init(_ handlers: [RemoteHandler] = [], watches: [WatchedControl] = [], isLive: Bool = false) {
        self.handlers = handlers
        self.watches = watches
        self.isLive = isLive
    }

    public func watch(_ id: String) -> WatchedControl? {
        watches.first { $0.id == id }
    }

    public var isEmpty: Bool { handlers.isEmpty }

    public func handler(_ id: String) -> RemoteHandler? {
        handlers.first { $0.id == id }
    }

    /// Every action some handler performs.
    public var actions: Set<String> { Set(handlers.map(\.action)) }

    public mutating func add(_ handler: RemoteHandler) {
        handlers.append(handler)
    }

    /// Replaces the handler with `handler`'s id; `false` when there is none.
    @discardableResult
    public mutating func replace(_ handler: RemoteHandler) -> Bool {
        guard let index = handlers.firstIndex(where: { $0.id == handler.id }) else { return false }
        handlers[index] = handler
        return true
    }

    /// Removes the handler `id` names; `nil` when there is none.
    @discardableResult
    public mutating func remove(_ id: String) -> RemoteHandler? {
        guard let index = handlers.firstIndex(where: { $0.id == id }) else { return nil }
        return handlers.remove(at: index)
    }

    /// Whether some handler contributes menu items or key bindings.
    public var contributes: Bool { handlers.contains { !$0.menuItems.isEmpty || !$0.keyBindings.isEmpty } }

    /// Every contributed menu item, in registration order, as the menu shows it.
    public var contributedItems: [(item: MenuItem, menu: String, after: String?)] {
        handlers.flatMap { handler in handler.menuItems.map { (item: $0.menuItem(of: handler), menu: $0.menu, after: $0.after) } }
    }

    /// The contributed menu item whose key equivalent `key` is, if any.
    public func contributedItem(forKey key: KeyEquivalent) -> MenuItem? {
        for handler in handlers.reversed() {
            if let item = handler.menuItems.first(where: { $0.keyEquivalent == key }) { return item.menuItem(of: handler) }
        }
        return nil
    }

    /// The keys bound by handlers on the responder at `path`, newest handler first.
    public func keyBindings(at path: ResponderPath, kind: ResponderKind) -> [KeyBinding] {
        handlers.reversed().filter { $0.responder == path }.flatMap { handler in
            handler.keyBindings.map { $0.keyBinding(of: handler, kind: kind) }
        }
    }

    /// The handlers for `action` on the responder at `path`, newest first.
    func handlers(at path: ResponderPath, for action: String) -> [RemoteHandler] {
        handlers.reversed().filter { $0.action == action && $0.responder == path }
    }
}
