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
