/// One image of the catalog: what every session sees and rates.
public struct Image: Equatable, Sendable {
    public var id: ImageID
    public var name: String
    public var rating: Rating
    /// Where the file was imported from, when it came from `chain-server import`.
    public var path: String?
    public var byteSize: Int64?
    public var width: Int?
    public var height: Int?
    /// Lower-case file format (`jpeg`, `png`, `heic`, `tiff`, `raw`, …) when known.
    public var format: String?

    public init(
        id: ImageID, name: String, rating: Rating = .none, path: String? = nil,
        byteSize: Int64? = nil, width: Int? = nil, height: Int? = nil, format: String? = nil
    ) {
        self.id = id
        self.name = name
        self.rating = rating
        self.path = path
        self.byteSize = byteSize
        self.width = width
        self.height = height
        self.format = format
    }
}

/// One rating write: the image and the rating it gets.
public struct RatingChange: Equatable, Sendable {
    public var id: ImageID
    public var rating: Rating

    public init(id: ImageID, rating: Rating) {
        self.id = id
        self.rating = rating
    }
}
