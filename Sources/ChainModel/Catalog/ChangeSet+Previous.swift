extension ChangeSet {
    /// What these changes would overwrite in a catalog whose values `code` and `codes` read,
    /// as a batch that writes it back (`CatalogReading.previousValues`).
    public func previousValues(
        code: (ImageID, Attribute) -> UInt8?, codes: (ImageSelection, Attribute) -> [UInt8]
    ) -> ChangeSet {
        var previous = ChangeSet()
        for segment in segments.reversed() {
            if segment.images.count == 1, let id = segment.images.first {
                // One image, the usual case: no list of codes to build.
                if let code = code(id, segment.attribute) {
                    previous.append(.init(attribute: segment.attribute, images: segment.images, values: .all(code)))
                }
                continue
            }
            let codes = codes(segment.images, segment.attribute)
            if codes.contains(Attribute.absent) {
                let present = zip(segment.images, codes).filter { $0.1 != Attribute.absent }
                previous.append(.init(
                    attribute: segment.attribute, images: ImageSelection(unique: present.map(\.0)), values: .each(present.map(\.1))))
            } else {
                previous.append(.init(attribute: segment.attribute, images: segment.images, values: .each(codes)))
            }
        }
        return previous
    }
}
