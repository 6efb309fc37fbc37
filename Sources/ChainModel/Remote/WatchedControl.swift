/// A control a client shows outside its menus (a toolbar button, a hardware console's key)
/// and wants validated as a menu item is: an action with arguments, walked from `target`
/// (the first responder when `nil`). Declared by the session's clients (`PUT …/watches`),
/// kept beside its remote handlers.
public struct WatchedControl: Sendable, Equatable {
    /// The most a session may watch.
    public static let maxCount = 100

    public let id: String
    public let title: String?
    public let invocation: Invocation
    public let target: ResponderPath?

    public init(id: String, title: String? = nil, invocation: Invocation, target: ResponderPath? = nil) {
        self.id = id
        self.title = title
        self.invocation = invocation
        self.target = target
    }

    /// The control as a menu item, for validation: titled by its title, else `fallback`
    /// (a menu item's with the same action and arguments), else its action.
    public func menuItem(fallback: String? = nil) -> MenuItem {
        MenuItem(id: id, title: title ?? fallback ?? invocation.action, action: invocation.action, arguments: invocation.arguments)
    }

    /// 1 to 64 letters, digits, `.`, `_` or `-`: what a control's id may be.
    public static func isID(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        return (1...64).contains(bytes.count) && bytes.allSatisfy { byte in
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2E || byte == 0x5F || byte == 0x2D
        }
    }
}
