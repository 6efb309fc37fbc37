/// A page of a grid's working set, in its order (`GET …/grid`).
public struct GridPage: Codable, Sendable, Hashable {
    public var images: [Image]
    public var total: Int
    public var offset: Int
}
