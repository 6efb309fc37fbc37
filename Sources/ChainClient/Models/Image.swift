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
