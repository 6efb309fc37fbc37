import ChainModel

/// An image about to enter the catalog: everything but the id, which SQLite assigns.
struct ImageRecord: Equatable, Sendable {
    var name: String
    var rating: Rating
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
        self.rating = rating
        self.path = path
        self.byteSize = byteSize
        self.width = width
        self.height = height
        self.format = format
        self.addedAt = addedAt
    }
}
