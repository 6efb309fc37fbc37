/// One image's new values in a remote handler's answer; at least one attribute is set.
public struct ImageChange: Codable, Sendable, Hashable {
    public var image: String
    public var rating: Int?
    public var label: String?
    public var flag: String?

    public init(image: String, rating: Int? = nil, label: String? = nil, flag: String? = nil) {
        self.image = image
        self.rating = rating
        self.label = label
        self.flag = flag
    }
}
