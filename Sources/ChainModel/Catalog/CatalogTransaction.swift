/// The catalog as one command sees it while it runs: reads go through to the catalog,
/// writes are staged. The staged batch is the command's outcome; whoever runs the command
/// makes it durable and applies it, so a command that fails leaves the catalog untouched.
public struct CatalogTransaction: CatalogReading {
    public let base: any CatalogReading
    /// The staged writes in order; a later write to the same image wins.
    public private(set) var changes: [RatingChange] = []
    private var staged: [ImageID: Rating] = [:]

    public init(base: any CatalogReading) {
        self.base = base
    }

    public mutating func setRatings(_ batch: [RatingChange]) {
        for change in batch where base.contains(change.id) {
            if staged.updateValue(change.rating, forKey: change.id) != nil {
                changes.removeAll { $0.id == change.id }
            }
            changes.append(change)
        }
    }

    public var imageCount: Int { base.imageCount }
    public func contains(_ id: ImageID) -> Bool { base.contains(id) }

    public func rating(of id: ImageID) -> Rating? {
        staged.isEmpty ? base.rating(of: id) : staged[id] ?? base.rating(of: id)
    }

    public func histogram(of ids: [ImageID]) -> RatingHistogram {
        guard !staged.isEmpty else { return base.histogram(of: ids) }
        var histogram = RatingHistogram()
        for id in ids {
            if let rating = rating(of: id) { histogram[rating] += 1 } else { histogram.missing += 1 }
        }
        return histogram
    }

    public func allIDs() -> [ImageID] { base.allIDs() }
    public func id(after id: ImageID) -> ImageID? { base.id(after: id) }
    public func id(before id: ImageID) -> ImageID? { base.id(before: id) }
}
