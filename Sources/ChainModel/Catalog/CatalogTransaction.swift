/// The catalog as one command sees it while it runs: reads go through to the catalog,
/// writes are staged. The staged batch is the command's outcome; whoever runs the command
/// makes it durable and applies it, so a command that fails leaves the catalog untouched.
public struct CatalogTransaction: CatalogReading {
    public let base: any CatalogReading
    /// The staged writes in order; a later write to the same image wins.
    public private(set) var changes = ChangeSet()

    public init(base: any CatalogReading) {
        self.base = base
    }

    public mutating func stage(_ batch: ChangeSet) {
        changes.append(contentsOf: batch)
    }

    /// The staged writes, moved out of a transaction that ends (a command's outcome).
    mutating func takeChanges() -> ChangeSet {
        var taken = ChangeSet()
        swap(&taken, &changes)
        return taken
    }

    public var imageCount: Int { base.imageCount }
    public func contains(_ id: ImageID) -> Bool { base.contains(id) }

    public func code(of id: ImageID, _ attribute: Attribute) -> UInt8? {
        guard base.contains(id) else { return nil }
        return changes.code(of: id, attribute) ?? base.code(of: id, attribute)
    }

    public func codes(of images: ImageSelection, _ attribute: Attribute) -> [UInt8] {
        var codes = base.codes(of: images, attribute)
        guard changes.segments.contains(where: { $0.attribute == attribute }) else { return codes }
        for (position, id) in images.enumerated() where codes[position] != Attribute.absent {
            if let staged = changes.code(of: id, attribute) { codes[position] = staged }
        }
        return codes
    }

    public func histogram(of images: ImageSelection, _ attribute: Attribute) -> ValueHistogram {
        guard changes.segments.contains(where: { $0.attribute == attribute }) else { return base.histogram(of: images, attribute) }
        var histogram = ValueHistogram()
        for code in codes(of: images, attribute) {
            if code == Attribute.absent { histogram.missing += 1 } else { histogram[code] += 1 }
        }
        return histogram
    }

    public func allImages() -> ImageSelection { base.allImages() }
    public func id(after id: ImageID) -> ImageID? { base.id(after: id) }
    public func id(before id: ImageID) -> ImageID? { base.id(before: id) }
    /// As it stood before this command's writes: a rating a command gives does not move the
    /// images it walks mid-command, and the viewer's own image keeps its place anyway.
    public func workingSet(for view: GridView) -> WorkingSet { base.workingSet(for: view) }
}
