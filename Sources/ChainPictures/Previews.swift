import ChainModel
import ChainSupport

/// Previews (a picture at a screen's size) and regions (a 1:1 crop) of catalog images, made by
/// the picture engine on the picture workers and kept in memory (`PictureCache`, bounded in
/// bytes). A version names the image, what was asked and the picture file's fingerprint
/// (`Thumbnails.fingerprint`), so a changed file gets new ones; it is the cache's key and the
/// API's entity tag.
///
/// Requests are requested jobs on the workers; `prefetch` makes previews ahead of a viewer as
/// background jobs, which never hold a request back for more than one picture.
package final class Previews: Sendable {
    package static let sizeRange = 512...4096
    package static let defaultSize = 2048
    /// The largest region's width and height.
    package static let maxRegionSide = 4096
    /// What the cache holds by default: some 300 previews of 2048 px.
    package static let defaultCapacity = 256 << 20

    /// What each lookup and background job came to, for the counters (`counted`).
    package enum Outcome: String, Sendable {
        /// A request answered from the cache, or made on demand.
        case hit, miss
        /// A background preview made, found made already, no longer wanted when its turn
        /// came, or refused because the background queue was full.
        case prefetched, prefetchCached = "prefetch_cached", prefetchStale = "prefetch_stale",
             prefetchRefused = "prefetch_refused"
    }

    package enum Kind: String, Sendable {
        case preview, region
    }

    /// A region of the upright picture, in its pixels.
    package struct Rectangle: Sendable, Equatable {
        package var x, y, width, height: Int

        package init(x: Int, y: Int, width: Int, height: Int) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
        }
    }

    package let engine: any PictureEngine
    package let workers: PictureWorkers
    private let cache: Lock<PictureCache>
    private let counted: @Sendable (Kind, Outcome) -> Void

    package init(
        engine: any PictureEngine, workers: PictureWorkers, capacity: Int = Previews.defaultCapacity,
        counted: @escaping @Sendable (Kind, Outcome) -> Void = { _, _ in }
    ) {
        self.engine = engine
        self.workers = workers
        cache = Lock(PictureCache(capacity: capacity))
        self.counted = counted
    }

    /// The preview's version: known as soon as the picture file is (for `If-None-Match`).
    package static func version(_ image: ImageID, file path: String, size: Int) throws(PictureError) -> String {
        "p\(image.rawValue)-\(size)-\(try Thumbnails.fingerprint(of: path))"
    }

    package static func version(_ image: ImageID, file path: String, region: Rectangle) throws(PictureError) -> String {
        "r\(image.rawValue)-\(region.x)-\(region.y)-\(region.width)x\(region.height)-\(try Thumbnails.fingerprint(of: path))"
    }

    /// The preview of `image` (its picture the file at `path`, its version `version`), from
    /// the cache at once or made on `image`'s worker. `false` (and no completion) when the
    /// workers have `maxQueued` requests already.
    package func preview(
        _ image: ImageID, file path: String, size: Int, version: String,
        completion: @escaping @Sendable (Result<Thumbnail, PictureError>) -> Void
    ) -> Bool {
        answer(.preview, image, version: version, completion: completion) { [engine] () throws(PictureError) in
            try engine.preview(ofFile: path, size: size)
        }
    }

    /// The 1:1 crop `region` of the upright picture; the caller checked it lies inside.
    package func region(
        _ image: ImageID, file path: String, region: Rectangle, version: String,
        completion: @escaping @Sendable (Result<Thumbnail, PictureError>) -> Void
    ) -> Bool {
        guard let engine = engine as? any RegionEngine else {
            completion(.failure(PictureError(reason: "this picture engine makes no regions")))
            return true
        }
        return answer(.region, image, version: version, completion: completion) { () throws(PictureError) in
            try engine.region(ofFile: path, x: region.x, y: region.y, width: region.width, height: region.height)
        }
    }

    /// The upright picture's size, for checking a region; `nil` when the engine makes none.
    package func uprightSize(ofFile path: String) throws(PictureError) -> (width: Int, height: Int)? {
        try (engine as? any RegionEngine)?.uprightSize(ofFile: path)
    }

    /// Makes the preview ahead, as a background job, unless it is kept already; one no
    /// longer `isWanted` when its turn comes is dropped.
    package func prefetch(_ image: ImageID, file path: String, size: Int, isWanted: @escaping @Sendable () -> Bool) {
        let version: String
        do {
            version = try Self.version(image, file: path, size: size)
        } catch {
            return  // no picture file: a request will say so
        }
        if cache.withLock({ $0.picture(version) }) != nil { return counted(.preview, .prefetchCached) }
        let queued = workers.background(for: image.rawValue, isWanted: isWanted) { [self] in
            guard cache.withLock({ $0.picture(version) }) == nil else { return counted(.preview, .prefetchCached) }
            guard let bytes = try? engine.preview(ofFile: path, size: size) else { return }
            cache.withLock { $0.keep(bytes, as: version) }
            counted(.preview, .prefetched)
        } ended: { [counted] end in
            if end == .stale { counted(.preview, .prefetchStale) }
        }
        if !queued { counted(.preview, .prefetchRefused) }
    }

    private func answer(
        _ kind: Kind, _ image: ImageID, version: String, completion: @escaping @Sendable (Result<Thumbnail, PictureError>) -> Void,
        make: @escaping @Sendable () throws(PictureError) -> [UInt8]
    ) -> Bool {
        if let bytes = cache.withLock({ $0.picture(version) }) {
            counted(kind, .hit)
            completion(.success(Thumbnail(bytes: bytes, version: version)))
            return true
        }
        return workers.request(for: image.rawValue) { [self] in
            // Made meanwhile, by a prefetch or another request for it.
            if let bytes = cache.withLock({ $0.picture(version) }) {
                counted(kind, .hit)
                return completion(.success(Thumbnail(bytes: bytes, version: version)))
            }
            counted(kind, .miss)
            completion(Result { () throws(PictureError) -> Thumbnail in
                let bytes = try make()
                cache.withLock { $0.keep(bytes, as: version) }
                return Thumbnail(bytes: bytes, version: version)
            })
        }
    }
}
