import ChainModel
import ChainPictures
import ChainStorage
import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Adds a directory tree of image files to the catalog (`chain-server import DIR`).
///
/// Idempotent by absolute path: importing the same tree again adds nothing. Files are
/// inserted in sorted path order, so catalog order follows folder and file names, in
/// transactions of `batchSize` through the store's writer. Each file's header is read by the
/// library made for its format (`PictureEngine.info`: libvips, libraw for raws), a batch at
/// a time on every core: its upright size and metadata. A file the library cannot read is
/// skipped and counted by reason. Hidden files and directories (including macOS `._`
/// resource forks) are passed over; so are directories the walk cannot enter.
package struct CatalogImporter: Sendable {
    package static let defaultBatchSize = 256

    package let store: any CatalogStorage
    package let batchSize: Int
    /// Makes each new image's 256-pixel thumbnail after the files are in; `nil`: none.
    package let thumbnails: Thumbnails?
    /// Reads the files' headers; `nil`: the thumbnails' engine, else libvips.
    package let engine: (any PictureEngine)?
    /// Where a file's XMP sidecar is read, for the rating, label and flag another editor
    /// gave it; `nil`: none read.
    package let sidecars: (any SidecarStore)?

    package init(
        store: any CatalogStorage, batchSize: Int = CatalogImporter.defaultBatchSize, thumbnails: Thumbnails? = nil,
        engine: (any PictureEngine)? = nil, sidecars: (any SidecarStore)? = nil
    ) {
        self.store = store
        self.batchSize = max(1, batchSize)
        self.thumbnails = thumbnails
        self.engine = engine
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

        let engine = try self.engine ?? thumbnails?.engine ?? VipsPictureEngine()
        let files = try candidates(in: path, ignored: &counts.ignored)
        for first in stride(from: 0, to: files.count, by: batchSize) {
            let batch = Array(files[first..<min(files.count, first + batchSize)])
            for (url, read) in zip(batch, Self.read(batch, engine: engine)) {
                counts.scanned += 1
                switch read {
                case .success(let (info, fileSize)):
                    if let format = ImageFileType.countedFormat(pathExtension: url.pathExtension) {
                        counts.formats[format, default: 0] += 1
                    }
                    var record = ImageRecord(
                        name: url.lastPathComponent, path: url.path, byteSize: fileSize, width: info.width, height: info.height,
                        format: ImageFileType(pathExtension: url.pathExtension)?.format, addedAt: addedAt, metadata: info.metadata
                    )
                    readSidecar(into: &record, counts: &counts)
                    pending.append(record)
                case .failure(let error):
                    counts.skipped += 1
                    counts.skippedReasons[Self.reason(error, path: url.path), default: 0] += 1
                }
            }
            try flush()
            progress(counts)
        }
        if files.isEmpty { progress(counts) }
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

    /// Each file's header and byte size, read on every core, in the order of `files`.
    private static func read(_ files: [URL], engine: any PictureEngine) -> [Result<(PictureInfo, Int64), PictureError>] {
        let results = Mutex([Result<(PictureInfo, Int64), PictureError>?](repeating: nil, count: files.count))
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let path = files[index].path
            let result = Result { () throws(PictureError) -> (PictureInfo, Int64) in
                let fileSize = try Self.fileSize(path)
                return (try engine.info(ofFile: path), fileSize)
            }
            results.withLock { $0[index] = result }
        }
        return results.withLock { $0.map { $0! } }
    }

    /// The size of what `path` names (a symbolic link's target), or why it cannot be read.
    private static func fileSize(_ path: String) throws(PictureError) -> Int64 {
        var status = stat()
        guard stat(path, &status) == 0 else { throw PictureError(reason: String(cString: strerror(errno))) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw PictureError(reason: "not a regular file") }
        return Int64(status.st_size)
    }

    /// A reason to count skipped files by: the library's words, without the file's path.
    private static func reason(_ error: PictureError, path: String) -> String {
        error.reason.replacingOccurrences(of: "\"\(path)\"", with: "the file").replacingOccurrences(of: path, with: "the file")
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
