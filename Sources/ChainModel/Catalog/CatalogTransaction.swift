/// The catalog as one command sees it while it runs: reads go through to the catalog,
/// writes are staged. The staged batch is the command's outcome; whoever runs the command
/// makes it durable and applies it, so a command that fails leaves the catalog untouched.
public struct CatalogTransaction: CatalogReading {
    public let base: any CatalogReading
    /// The staged writes in order; a later write to the same image wins.
    public private(set) var changes: [RatingChange] = []
    /// The staged rating per image, built only once `changes` outgrows a scan: most
    /// commands stage one or a few writes, and hashing them would cost more than looking.
    private var staged: [ImageID: Rating] = [:]
    private static let scanLimit = 16

    public init(base: any CatalogReading) {
        self.base = base
    }

    public mutating func setRatings(_ batch: [RatingChange]) {
        // The usual first batch, small, all in the catalog and without repeats, is kept
        // as it is: the command's outcome then shares its storage.
        if changes.isEmpty, batch.count <= Self.scanLimit, batch.allSatisfy({ base.contains($0.id) }),
           batch.indices.allSatisfy({ index in !batch[..<index].contains { $0.id == batch[index].id } })
        {
            changes = batch
            return
        }
        if changes.isEmpty { changes.reserveCapacity(batch.count) }
        for change in batch where base.contains(change.id) {
            if isStaged(change.id) { changes.removeAll { $0.id == change.id } }
            changes.append(change)
            if !staged.isEmpty {
                staged[change.id] = change.rating
            } else if changes.count > Self.scanLimit {
                staged = Dictionary(changes.map { ($0.id, $0.rating) }, uniquingKeysWith: { $1 })
            }
        }
    }

    private func isStaged(_ id: ImageID) -> Bool {
        staged.isEmpty ? changes.contains { $0.id == id } : staged[id] != nil
    }

    /// The staged rating of `id`, if any.
    private func stagedRating(of id: ImageID) -> Rating? {
        staged.isEmpty ? changes.last(where: { $0.id == id })?.rating : staged[id]
    }

    public var imageCount: Int { base.imageCount }
    public func contains(_ id: ImageID) -> Bool { base.contains(id) }

    public func rating(of id: ImageID) -> Rating? {
        changes.isEmpty ? base.rating(of: id) : stagedRating(of: id) ?? base.rating(of: id)
    }

    public func histogram(of ids: [ImageID]) -> RatingHistogram {
        guard !changes.isEmpty else { return base.histogram(of: ids) }
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
