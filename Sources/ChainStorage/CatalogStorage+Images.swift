import ChainModel

extension CatalogStorage {
    /// The images `ids` name, in that order; ids storage lacks are left out. One read per
    /// image: a page of a sorted working set names ids no range query covers.
    package func images(ids: [ImageID]) throws -> [Image] {
        try ids.compactMap { try image($0) }
    }
}
