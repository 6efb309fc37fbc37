import ChainModel

extension CatalogStorage {
    /// Every image's name and capture time (`capture_ms`: milliseconds since the epoch, UTC;
    /// `nil` when the file told none), for working sets sorted by them: read a page at a time
    /// in id order, once at start and again after an import added images.
    package func loadSortKeys(pageSize: Int = 10_000) throws -> ImageSortKeys {
        var entries: [ImageSortKeys.Entry] = []
        var after: ImageID?
        while true {
            let page = try images(ImageQuery(after: after, limit: pageSize))
            entries += page.lazy.map { ImageSortKeys.Entry(id: $0.id, name: $0.name, captureTime: $0.captureMilliseconds) }
            guard page.count == pageSize, let last = page.last else { break }
            after = last.id
        }
        return ImageSortKeys(entries: entries)
    }
}
