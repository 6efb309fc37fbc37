import ChainModel

/// An image about to enter the catalog: everything but the id, which storage assigns.
package struct ImageRecord: Equatable, Sendable {
    package var name: String
    /// Its attribute values; unset ones start at their first value (`0`, `none`).
    package var values: AttributeValues
    /// Unique when set: the key that makes import idempotent. Demo images have none.
    package var path: String?
    package var byteSize: Int64?
    package var width: Int?
    package var height: Int?
    package var format: String?
    /// ISO 8601 time the image entered the catalog.
    package var addedAt: String?
    /// What the file says of how it was taken (EXIF, raw metadata).
    package var metadata: ImageMetadata

    package init(
        name: String, rating: Rating = .none, path: String? = nil, byteSize: Int64? = nil,
        width: Int? = nil, height: Int? = nil, format: String? = nil, addedAt: String? = nil,
        metadata: ImageMetadata = .unknown
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
        self.metadata = metadata
    }

    package var rating: Rating { values[Rating.self] ?? .none }
}
