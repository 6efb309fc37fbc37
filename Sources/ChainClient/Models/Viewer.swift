/// What a viewer shows.
public struct Viewer: Codable, Sendable, Hashable {
    public var image: String?
}
