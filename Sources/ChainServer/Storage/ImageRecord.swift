import ChainModel

/// An image about to enter the catalog: everything but the id, which storage assigns.
struct ImageRecord: Equatable, Sendable {
    var name: String
    /// Its attribute values; unset ones start at their first value (`0`, `none`).
    var values: AttributeValues
    /// Unique when set: the key that makes import idempotent. Demo images have none.
    var path: String?
    var byteSize: Int64?
    var width: Int?
    var height: Int?
    var format: String?
    /// ISO 8601 time the image entered the catalog.
    var addedAt: String?

    init(
        name: String, rating: Rating = .none, path: String? = nil, byteSize: Int64? = nil,
        width: Int? = nil, height: Int? = nil, format: String? = nil, addedAt: String? = nil
    ) {
        self.name = name
        self.values = .defaults
        self.values[Rating.self] = rating
        self.path = path
        self.byteSize = byteSize
        self.width = width
        self.height = height
        self.format = format
        self.addedAt = addedAt
    }

    var rating: Rating { values[Rating.self] ?? .none }
}
