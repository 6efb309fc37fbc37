/// What the responder chain reads from the image catalog.
///
/// Validation asks for counts per rating over a selection, never for the images one by one,
/// so a 10,000-image selection validates in one pass over dense storage.
public protocol CatalogReading {
    var imageCount: Int { get }
    func contains(_ id: ImageID) -> Bool
    func rating(of id: ImageID) -> Rating?
    func histogram(of ids: [ImageID]) -> RatingHistogram
    /// Every image id in catalog (grid) order.
    func allIDs() -> [ImageID]
    /// The image after / before `id` in grid order; `nil` at the end / start.
    func id(after id: ImageID) -> ImageID?
    func id(before id: ImageID) -> ImageID?
}

/// A catalog that can also take writes: a batch of rating changes is one operation.
public protocol Catalog: CatalogReading, Sendable {
    func apply(_ changes: [RatingChange])
}

extension CatalogReading {
    /// The current rating of each image of `ids` the catalog holds, as a batch that
    /// writes them back (what undo records).
    public func currentRatings(of ids: some Sequence<ImageID>) -> [RatingChange] {
        var ratings: [RatingChange] = []
        ratings.reserveCapacity(ids.underestimatedCount)
        for id in ids {
            if let rating = rating(of: id) { ratings.append(RatingChange(id: id, rating: rating)) }
        }
        return ratings
    }
}
