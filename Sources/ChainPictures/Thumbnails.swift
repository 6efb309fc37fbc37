import ChainModel
import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Thumbnails of catalog images: made by the picture engine at the sizes 128, 256, 512 and
/// 1024, kept as files under `<data>/thumbnails/`, served from there ever after.
///
/// - A cached thumbnail's file name holds the image, the size and a fingerprint of the
///   picture file (its byte size and modification time): a changed picture gets a new
///   thumbnail and a new version. Files are written whole (temporary file, then `rename`).
/// - Another size in 128…1024 is made from the smallest cached size above it, and not cached.
/// - Making thumbnails runs on the picture workers (`PictureWorkers`), as requested jobs: an
///   image always goes to the same worker, so two requests for one missing thumbnail make it
///   once (the second finds the first's file).
package final class Thumbnails: Sendable {
    package static let sizes = [128, 256, 512, 1024]
    /// The size the grid asks for, and the one an import makes ahead.
    package static let defaultSize = 256
    package static let sizeRange = 128...1024
    /// Changes every cached file name and version when the way thumbnails are made changes
    /// (v2: camera raws through libraw, no longer their sensor mosaic).
    package static let version = "v2"

    package let engine: any PictureEngine
    package let directory: String
    /// The threads thumbnails are made on, shared with previews.
    package let workers: PictureWorkers
    /// Thumbnails waiting to be made or being made, at most: past it `thumbnail` refuses, so
    /// one client asking for thousands cannot hold everyone else's thumbnails back for long.
    package var maxQueued: Int { workers.maxQueued }

    package convenience init(
        engine: any PictureEngine, directory: String,
        workers: Int = max(1, ProcessInfo.processInfo.activeProcessorCount - 1), maxQueued: Int = 64
    ) throws {
        try self.init(engine: engine, directory: directory, workers: PictureWorkers(count: workers, maxQueued: maxQueued))
    }

    package init(engine: any PictureEngine, directory: String, workers: PictureWorkers) throws {
        self.engine = engine
        self.directory = directory
        self.workers = workers
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// What `thumbnail` would answer, without making it: the version when the picture file is
    /// there (so `If-None-Match` can be answered at once), and the cached bytes when made.
    package func cached(_ image: ImageID, file path: String, size: Int) throws(PictureError) -> (version: String, bytes: [UInt8]?) {
        let fingerprint = try Self.fingerprint(of: path)
        let version = Self.token(image, size, fingerprint)
        guard size == bucket(for: size) else { return (version, nil) }
        return (version, FileManager.default.contents(atPath: cachePath(image, bucket(for: size), fingerprint)).map(Array.init))
    }

    /// The thumbnail of `image`, whose picture is the file at `path`, with its long edge at
    /// most `size`; `completion` runs on a worker. `false` (and no completion) when
    /// `maxQueued` thumbnails are already waiting.
    package func thumbnail(
        _ image: ImageID, file path: String, size: Int,
        completion: @escaping @Sendable (Result<Thumbnail, PictureError>) -> Void
    ) -> Bool {
        workers.request(for: image.rawValue) { [self] in
            completion(Result { () throws(PictureError) -> Thumbnail in try make(image, file: path, size: size) })
        }
    }

    /// Makes (or reads) the bucket's thumbnail now, on the calling thread: the importer's path.
    package func make(_ image: ImageID, file path: String, size: Int) throws(PictureError) -> Thumbnail {
        let fingerprint = try Self.fingerprint(of: path)
        let bucket = bucket(for: size)
        let cachePath = cachePath(image, bucket, fingerprint)
        var bytes: [UInt8]
        if let cached = FileManager.default.contents(atPath: cachePath) {
            bytes = Array(cached)
        } else {
            bytes = try engine.thumbnail(ofFile: path, size: bucket)
            store(bytes, at: cachePath)
        }
        if bucket != size { bytes = try engine.thumbnail(of: bytes, size: size) }
        return Thumbnail(bytes: bytes, version: Self.token(image, size, fingerprint))
    }

    /// A thumbnail's version: the image, the size asked for and the picture file's fingerprint.
    private static func token(_ image: ImageID, _ size: Int, _ fingerprint: String) -> String {
        "t\(image.rawValue)-\(size)-\(fingerprint)"
    }

    /// The smallest cached size at least `size`.
    package func bucket(for size: Int) -> Int {
        Self.sizes.first { $0 >= size } ?? Self.sizes[Self.sizes.count - 1]
    }

    private func cachePath(_ image: ImageID, _ bucket: Int, _ fingerprint: String) -> String {
        "\(directory)/\(image.rawValue)-\(bucket)-\(fingerprint).jpg"
    }

    /// Writes the whole file or nothing: a failed write only means the next request makes it again.
    private func store(_ bytes: [UInt8], at path: String) {
        let temporary = path + ".\(UUID().uuidString).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else { return }
        if rename(temporary, path) != 0 { unlink(temporary) }
    }

    /// The picture file's byte size and modification time (ns), or why it cannot be read.
    package static func fingerprint(of path: String) throws(PictureError) -> String {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw PictureError(reason: "no picture file (\(String(cString: strerror(errno))))")
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw PictureError(reason: "the picture path is not a file") }
        let nanoseconds = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        return "\(version)-\(String(status.st_size, radix: 36))-\(String(nanoseconds, radix: 36))"
    }
}
