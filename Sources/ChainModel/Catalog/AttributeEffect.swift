/// What a batch of writes would do to one attribute: how many images it writes, and the
/// counts of their values before and after. A dry run's `effects`.
public struct AttributeEffect: Sendable, Equatable {
    public let attribute: Attribute
    /// Images the writes give a value of this attribute (each counted once).
    public let count: Int
    public let before: ValueHistogram
    public let after: ValueHistogram

    /// One effect per attribute `changes` write, in `Attribute.all` order, against `catalog`
    /// as it is before them. The histograms come from the catalog's own (`histogram(of:_:)`);
    /// an attribute written by one segment of one value, the usual case, reads nothing per
    /// image.
    public static func effects(of changes: ChangeSet, on catalog: any CatalogReading) -> [AttributeEffect] {
        var effects: [AttributeEffect] = []
        for attribute in Attribute.all {
            let segments = changes.segments.filter { $0.attribute == attribute }
            guard let only = segments.first else { continue }
            let images: ImageSelection
            var after = ValueHistogram()
            switch (segments.count, only.values) {
            case (1, .all(let code)):
                images = only.images
                let before = catalog.histogram(of: images, attribute)
                after[code] = before.total
                after.missing = before.missing
                effects.append(AttributeEffect(attribute: attribute, count: before.total, before: before, after: after))
                continue
            case (1, .each):
                images = only.images
                for (position, code) in catalog.codes(of: images, attribute).enumerated() {
                    if code == Attribute.absent { after.missing += 1 } else { after[only.code(at: position)] += 1 }
                }
            default:
                images = ImageSelection(segments.lazy.flatMap(\.images))
                var staged = CatalogTransaction(base: catalog)
                staged.stage(changes)
                after = staged.histogram(of: images, attribute)
            }
            let before = catalog.histogram(of: images, attribute)
            effects.append(AttributeEffect(attribute: attribute, count: before.total, before: before, after: after))
        }
        return effects
    }
}
