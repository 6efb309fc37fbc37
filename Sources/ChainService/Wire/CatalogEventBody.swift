import ChainModel

/// A `catalog` event: a committed change's images with all their values (the first
/// `Event.listLimit`), how many it changed, and the catalog's committed version after it.
package struct CatalogEventBody: WireObject {
    package let catalogVersion: UInt64
    package let images: [(id: ImageID, values: AttributeValues)]
    package let count: Int

    package func members(_ member: inout JSONObjectWriter) {
        member("catalogVersion", Int(catalogVersion))
        member("images", images.map(ImageValuesBody.init))
        member("count", count)
        member("truncated", count > images.count)
    }
}
