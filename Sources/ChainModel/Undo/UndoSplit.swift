/// What undoing (or redoing) an entry may write, decided from the entry and the catalog as
/// it is now, pure: the images that still hold the value the entry set get their earlier
/// value back (`clean`); the rest are `conflicts`, left as they are, and `remainder`
/// (with `remainderExpected`) is what writing them anyway would take.
///
/// Several editors share a catalog: an undo that wrote back every image it once changed
/// would erase another editor's later decision. Collaborative editors (Google Docs, Figma)
/// undo only what is still yours; this is the same rule per image and attribute.
public struct UndoSplit: Sendable, Equatable {
    public var clean: ChangeSet
    public var conflicts: [UndoConflict]
    public var remainder: ChangeSet
    public var remainderExpected: ChangeSet

    /// `previous`: what the entry writes back; `expected`: the values the entry set (its
    /// segments in order, a later one winning for the same image and attribute).
    public init(restoring previous: ChangeSet, expected: ChangeSet, in catalog: some CatalogReading) {
        clean = ChangeSet()
        conflicts = []
        remainder = ChangeSet()
        remainderExpected = ChangeSet()
        let lookUp = ExpectedValues(expected)
        for segment in previous.segments {
            let attribute = segment.attribute
            // The usual entry: one value set on every image of the segment, and every image
            // still holds it: one histogram, no image looked at one by one.
            if let code = lookUp.single(for: attribute, covering: segment.images),
               catalog.histogram(of: segment.images, attribute)[code] == segment.images.count {
                clean.append(segment)
                continue
            }
            let current = catalog.codes(of: segment.images, attribute)
            let aligned = lookUp.aligned(for: attribute, images: segment.images)
            var cleanImages = ImageSelection(), cleanCodes: [UInt8] = []
            var keptImages = ImageSelection(), keptCodes: [UInt8] = [], keptExpected: [UInt8] = []
            for (position, image) in segment.images.enumerated() {
                let now = current[position]
                guard now != Attribute.absent else { continue }
                let wanted = aligned.map { $0.code(at: position) } ?? lookUp.code(of: image, attribute)
                if wanted == nil || wanted == now {
                    cleanImages.appendUnique(image)
                    cleanCodes.append(segment.code(at: position))
                } else if let wanted {
                    conflicts.append(UndoConflict(image: image, attribute: attribute, expected: wanted, found: now))
                    keptImages.appendUnique(image)
                    keptCodes.append(segment.code(at: position))
                    keptExpected.append(wanted)
                }
            }
            if !cleanImages.isEmpty { clean.append(.init(attribute: attribute, images: cleanImages, values: .each(cleanCodes))) }
            if !keptImages.isEmpty {
                remainder.append(.init(attribute: attribute, images: keptImages, values: .each(keptCodes)))
                remainderExpected.append(.init(attribute: attribute, images: keptImages, values: .each(keptExpected)))
            }
        }
    }

    /// The values an entry set, looked up by image and attribute.
    private struct ExpectedValues {
        let segments: [ChangeSet.Segment]
        private var byImage: [Attribute: [ImageID: UInt8]] = [:]

        init(_ expected: ChangeSet) {
            segments = expected.segments
            // Only when a segment cannot be read positionally (several for one attribute).
            let attributes = segments.map(\.attribute)
            if Set(attributes).count != attributes.count {
                for segment in segments {
                    for (position, image) in segment.images.enumerated() {
                        byImage[segment.attribute, default: [:]][image] = segment.code(at: position)
                    }
                }
            }
        }

        /// The one value every image of `images` was set to for `attribute`, when the
        /// entry set exactly those images to one value.
        func single(for attribute: Attribute, covering images: ImageSelection) -> UInt8? {
            guard byImage.isEmpty, let segment = segments.first(where: { $0.attribute == attribute }),
                  case .all(let code) = segment.values, segment.images == images else { return nil }
            return code
        }

        /// The entry's segment for `attribute` when it set exactly `images`, in that order:
        /// read by position, as an entry made by one change always is.
        func aligned(for attribute: Attribute, images: ImageSelection) -> ChangeSet.Segment? {
            guard byImage.isEmpty, let segment = segments.first(where: { $0.attribute == attribute }),
                  segment.images == images else { return nil }
            return segment
        }

        func code(of image: ImageID, _ attribute: Attribute) -> UInt8? {
            if !byImage.isEmpty { return byImage[attribute]?[image] }
            guard let segment = segments.first(where: { $0.attribute == attribute }),
                  let position = segment.images.position(of: image) else { return nil }
            return segment.code(at: position)
        }
    }
}
