/// An image's color label.
public enum ColorLabel: String, Sendable, Hashable, CaseIterable, Codable {
    case none, red, yellow, green, blue, purple
}
