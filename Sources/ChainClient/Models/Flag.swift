/// An image's flag.
public enum Flag: String, Sendable, Hashable, CaseIterable, Codable {
    case none, pick, reject
}
