import ChainModel
import ChainPictures
import ChainTestSupport
import Dispatch
import Foundation
import Synchronization
import Testing

/// The thumbnail cache itself, over a counting engine: concurrent requests for one missing
/// thumbnail make it once; sizes between buckets come from the bucket above.
@Suite struct ThumbnailsTests {
    /// libvips, counting the thumbnails it makes from files and from bytes; with a gate,
    /// each thumbnail of a file waits until the test opens it once.
    final class InstrumentedEngine: PictureEngine {
        let engine: VipsPictureEngine
        let fromFiles = Atomic<Int>(0)
        let fromBytes = Atomic<Int>(0)
        let gate: DispatchSemaphore?

        init(gated: Bool = false) throws {
            engine = try VipsPictureEngine()
            gate = gated ? DispatchSemaphore(value: 0) : nil
        }

        func info(ofFile path: String) throws(PictureError) -> PictureInfo {
            try engine.info(ofFile: path)
        }

        func thumbnail(ofFile path: String, size: Int) throws(PictureError) -> [UInt8] {
            gate?.wait()
            fromFiles.add(1, ordering: .relaxed)
            return try engine.thumbnail(ofFile: path, size: size)
        }

        func thumbnail(of bytes: [UInt8], size: Int) throws(PictureError) -> [UInt8] {
            fromBytes.add(1, ordering: .relaxed)
            return try engine.thumbnail(of: bytes, size: size)
        }

        func draw(_ pattern: WavePattern, width: Int, height: Int, to path: String) throws(PictureError) {
            try engine.draw(pattern, width: width, height: height, to: path)
        }
    }

    @Test func concurrentRequestsForOneMissingThumbnailMakeItOnce() async throws {
        let folder = PictureFolder()
        defer { folder.remove() }
        let picture = try folder.picture("a.jpg", width: 2400, height: 1600)
        let engine = try InstrumentedEngine()
        let thumbnails = try Thumbnails(engine: engine, directory: folder.path + "/thumbnails", workers: 3)

        let results = await withTaskGroup(of: Result<Thumbnail, PictureError>.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        let accepted = thumbnails.thumbnail(ImageID(7), file: picture, size: 256) { continuation.resume(returning: $0) }
                        if !accepted { continuation.resume(returning: .failure(PictureError(reason: "refused"))) }
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let made = try results.map { try $0.get() }
        #expect(Set(made.map(\.bytes)).count == 1)
        #expect(engine.fromFiles.load(ordering: .relaxed) == 1, "made once, then read from the cache")

        // 300 is made from the 512 bucket, which is made from the file once.
        let odd = try thumbnails.make(ImageID(7), file: picture, size: 300)
        #expect(jpegSize(odd.bytes).map { max($0.width, $0.height) } == 300)
        _ = try thumbnails.make(ImageID(7), file: picture, size: 300)
        #expect(engine.fromFiles.load(ordering: .relaxed) == 2)
        #expect(engine.fromBytes.load(ordering: .relaxed) == 2)
    }

    @Test func pastMaxQueuedAThumbnailIsRefusedUntilTheQueueDrains() async throws {
        let folder = PictureFolder()
        defer { folder.remove() }
        let picture = try folder.picture("a.jpg", width: 800, height: 600)
        let engine = try InstrumentedEngine(gated: true)
        let gate = try #require(engine.gate)
        let thumbnails = try Thumbnails(engine: engine, directory: folder.path + "/thumbnails", workers: 1, maxQueued: 2)
        let done = DispatchGroup()
        for image in 1...2 {
            done.enter()
            #expect(thumbnails.thumbnail(ImageID(Int64(image)), file: picture, size: 128) { _ in done.leave() })
        }
        #expect(!thumbnails.thumbnail(ImageID(3), file: picture, size: 128) { _ in Issue.record("a refused job ran") })
        gate.signal()
        gate.signal()
        await withCheckedContinuation { continuation in done.notify(queue: .global()) { continuation.resume() } }
        done.enter()
        #expect(thumbnails.thumbnail(ImageID(3), file: picture, size: 128) { _ in done.leave() })
        gate.signal()
        await withCheckedContinuation { continuation in done.notify(queue: .global()) { continuation.resume() } }
    }
}
