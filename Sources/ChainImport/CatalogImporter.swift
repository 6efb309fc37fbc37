import ChainModel
import ChainPictures
import ChainStorage
import Dispatch
import Foundation
import Synchronization

/// Adds a directory tree of image files to the catalog (`chain-server import DIR`).
///
/// Idempotent by absolute path: importing the same tree again adds nothing. Files are
/// inserted in sorted path order, so catalog order follows folder and file names, in
/// transactions of `batchSize` through the store's writer. Hidden files and directories
/// (including macOS `._` resource forks) are passed over; so are directories the walk cannot
/// enter.
package struct CatalogImporter: Sendable {
    package static let defaultBatchSize = 256
    /// How often progress is reported between batches, in scanned files.
    package static let progressInterval = 100

    package let store: any CatalogStorage
    package let batchSize: Int
    /// Makes each new image's 256-pixel thumbnail after the files are in; `nil`: none.
    package let thumbnails: Thumbnails?
    /// Where a file's XMP sidecar is read, for the rating, label and flag another editor
    /// gave it; `nil`: none read.
    package let sidecars: (any SidecarStore)?

    package init(
        store: any CatalogStorage, batchSize: Int = CatalogImporter.defaultBatchSize, thumbnails: Thumbnails? = nil,
        sidecars: (any SidecarStore)? = nil
    ) {
        self.store = store
        self.batchSize = max(1, batchSize)
        self.thumbnails = thumbnails
        self.sidecars = sidecars
    }

    /// Walks `path` recursively and adds every image file not yet in the catalog, calling
    /// `progress` now and then (on the calling thread) and once at the end.
    package func importDirectory(_ path: String, progress: (ImportProgress) -> Void) throws -> ImportSummary {
        let clock = ContinuousClock()
        let start = clock.now
        let addedAt = Date().formatted(.iso8601)
        var counts = ImportProgress()
        var pending: [ImageRecord] = []
        let lastBefore = try store.lastImageID()

        func flush() throws {
            guard !pending.isEmpty else { return }
            let added = try store.insert(pending)
            counts.added += added
            counts.alreadyPresent += pending.count - added
            pending.removeAll(keepingCapacity: true)
        }

        for url in try candidates(in: path, ignored: &counts.ignored) {
            guard let type = ImageFileType(pathExtension: url.pathExtension) else { continue }
            counts.scanned += 1
            guard let header = try? ImageHeaderReader.readHeader(ofFileAt: url.path) else {
                counts.skipped += 1
                continue
            }
            let dimensions = ImageHeaderReader.dimensions(in: header.bytes)
            var record = ImageRecord(
                name: url.lastPathComponent, path: url.path, byteSize: header.fileSize,
                width: dimensions?.width, height: dimensions?.height, format: type.format, addedAt: addedAt
            )
            readSidecar(into: &record, counts: &counts)
            pending.append(record)
            if pending.count >= batchSize {
                try flush()
                progress(counts)
            } else if counts.scanned % Self.progressInterval == 0 {
                progress(counts)
            }
        }
        try flush()
        progress(counts)
        if let thumbnails, counts.added > 0 {
            try makeThumbnails(after: lastBefore, thumbnails, counts: &counts)
            progress(counts)
        }
        return ImportSummary(counts, elapsed: clock.now - start)
    }

    /// The 256-pixel thumbnail of every image after `last` (the ones this import added), a
    /// page at a time, on every core. A picture that cannot be read is counted, not fatal:
    /// its thumbnail request will answer 404 and say why.
    private func makeThumbnails(after last: ImageID?, _ thumbnails: Thumbnails, counts: inout ImportProgress) throws {
        var cursor = last
        while true {
            let page = try store.images(ImageQuery(after: cursor, limit: batchSize))
            guard let lastOfPage = page.last else { return }
            cursor = lastOfPage.id
            let made = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: page.count) { index in
                guard let path = page[index].path else { return }
                if (try? thumbnails.make(page[index].id, file: path, size: Thumbnails.defaultSize)) != nil {
                    made.add(1, ordering: .relaxed)
                }
            }
            let withFiles = page.filter { $0.path != nil }.count
            counts.thumbnails += made.load(ordering: .relaxed)
            counts.unreadablePictures += withFiles - made.load(ordering: .relaxed)
        }
    }

    /// Every non-directory entry under `path` with an image extension, sorted by path;
    /// counts the others in `ignored`.
    private func candidates(in path: String, ignored: inout Int) throws -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CatalogStoreError.notADirectory(path: path)
        }
        // Resolved so the same tree reached by another spelling keeps the same paths.
        let root = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL.resolvingSymlinksInPath()
        guard let walk = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles]
        ) else {
            throw CatalogStoreError.notADirectory(path: path)
        }
        var found: [URL] = []
        for case let url as URL in walk {
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true { continue }
            if ImageFileType(pathExtension: url.pathExtension) == nil {
                ignored += 1
            } else {
                found.append(url)
            }
        }
        return found.sorted { $0.path < $1.path }
    }
}
