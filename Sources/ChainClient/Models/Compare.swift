/// A window's compare: its select, candidates and the zoom every pane shares.
public struct Compare: Codable, Sendable, Hashable {
    public var select: String?
    public var candidates: [String]
    public var candidate: String?
    public var zoom: JSONValue?
}
