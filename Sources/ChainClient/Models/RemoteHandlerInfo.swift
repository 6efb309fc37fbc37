/// A remote handler as the server holds it (`POST`/`GET`/`PATCH …/handlers`).
public struct RemoteHandlerInfo: Codable, Sendable, Hashable {
    public var id: String
    public var responder: String
    public var action: String
    public var validation: RemoteValidation
    public var undoName: String?
    /// Whether the session has an open event stream, so the handler performs rather than declines.
    public var live: Bool
    public var menuItems: [JSONValue]?
    public var keyBindings: [JSONValue]?
}

/// The handlers of a session (`GET …/handlers`).
struct RemoteHandlerList: Codable, Sendable {
    var handlers: [RemoteHandlerInfo]
}

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

/// `POST …/handlers`'s body.
public struct RemoteHandlerRequest: Codable, Sendable, Hashable {
    public var responder: String
    public var action: String
    public var validation: RemoteValidation?
    public var undoName: String?
    public var menuItems: [ContributedMenuItem]?
    public var keyBindings: [ContributedKeyBinding]?

    public init(
        action: String, on responder: String, validation: RemoteValidation? = nil, undoName: String? = nil,
        menuItems: [ContributedMenuItem]? = nil, keyBindings: [ContributedKeyBinding]? = nil
    ) {
        self.responder = responder
        self.action = action
        self.validation = validation
        self.undoName = undoName
        self.menuItems = menuItems
        self.keyBindings = keyBindings
    }
}
