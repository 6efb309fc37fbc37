import ChainModel

extension CatalogStorage {
    /// Every image's name and capture time, for working sets sorted by them: read a page at a
    /// time in id order, once at start and again after an import added images.
    ///
    /// Capture times are the one thing storage does not hold yet: `nil` for every image until
    /// the images table has `capture_ms` (ms since the epoch, UTC). This is the one place that
    /// reads them.
    package func loadSortKeys(pageSize: Int = 10_000) throws -> ImageSortKeys {
        var entries: [ImageSortKeys.Entry] = []
        var after: ImageID?
        while true {
            let page = try images(ImageQuery(after: after, limit: pageSize))
            entries += page.lazy.map { ImageSortKeys.Entry(id: $0.id, name: $0.name, captureTime: nil) }
            guard page.count == pageSize, let last = page.last else { break }
            after = last.id
        }
        return ImageSortKeys(entries: entries)
    }
}
