/// An image of the catalog.
public struct Image: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    public var rating: Int
    public var label: String
    public var flag: String
    public var captureTime: String?
    public var camera: Camera?
    public var lens: String?
    public var exposure: Exposure?
    public var orientation: Int?
    public var width: Int?
    public var height: Int?
    public var format: String?
    public var byteSize: Int?
    /// Only for an admin.
    public var path: String?

    public struct Camera: Codable, Sendable, Hashable {
        public var make: String?
        public var model: String?
    }

    public struct Exposure: Codable, Sendable, Hashable {
        public var time: String?
        public var aperture: Double?
        public var iso: Int?
        public var focalLength: Double?
    }
}

/// A page of `GET /v1/images`: `next` is the cursor of the following page, nil on the last.
public struct ImagePage: Codable, Sendable, Hashable {
    public var images: [Image]
    public var next: String?
    public var limit: Int?
    public var total: Int?
}

/// A page of a grid's working set, in its order (`GET …/grid`).
public struct GridPage: Codable, Sendable, Hashable {
    public var images: [Image]
    public var total: Int
    public var offset: Int
}

/// A page of a grid's whole selection, in selection order (`GET …/selection`).
public struct SelectionPage: Codable, Sendable, Hashable {
    public var selection: [String]
    public var next: String?
    public var limit: Int?
}
