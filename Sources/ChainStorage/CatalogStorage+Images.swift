import ChainModel

extension CatalogStorage {
    /// `images` read by id, put in the order of `ids`; ids without an image are left out.
    package static func ordered(_ images: [Image], as ids: [ImageID]) -> [Image] {
        var byID: [ImageID: Image] = [:]
        byID.reserveCapacity(images.count)
        for image in images { byID[image.id] = image }
        return ids.compactMap { byID[$0] }
    }
}
