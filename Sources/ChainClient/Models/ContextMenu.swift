/// A responder's context menu (`GET …/context-menu`).
public struct ContextMenu: Codable, Sendable, Hashable {
    public var responder: String
    public var image: String?
    public var items: [MenuEntry]
}
