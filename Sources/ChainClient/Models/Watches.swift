/// The watched controls, validated like menu items (`GET`/`PUT …/watches`).
public struct Watches: Codable, Sendable, Hashable {
    public var items: [ItemValidation]
}
