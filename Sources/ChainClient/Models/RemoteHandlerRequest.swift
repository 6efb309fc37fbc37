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
