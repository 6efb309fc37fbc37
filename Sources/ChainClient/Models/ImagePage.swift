/// A page of `GET /v1/images`: `next` is the cursor of the following page, nil on the last.
public struct ImagePage: Codable, Sendable, Hashable {
    public var images: [Image]
    public var next: String?
    public var limit: Int?
    public var total: Int?
}
