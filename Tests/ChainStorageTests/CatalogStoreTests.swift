import ChainModel
import ChainSQLite
import ChainStorage
import ChainSupport
import ChainTestSupport
import Foundation
import Synchronization
import Testing

@Suite struct CatalogStoreTests {
    @Test func createsTheDirectoryAndAnEmptyCatalog() throws {
        try TemporaryDirectory.with { directory in
            let nested = directory + "/data/catalog"
            let store = try SQLiteCatalogStore(directory: nested, durability: .off, readerCount: 1)
            defer { store.close() }
            #expect(FileManager.default.fileExists(atPath: nested + "/catalog.sqlite"))
            #expect(store.path == nested + "/catalog.sqlite")
            #expect(try store.count() == 0)
            #expect(try store.allRatings().isEmpty)
            #expect(try store.images(after: nil, limit: 10, minRating: nil).isEmpty)
        }
    }

    @Test func seedingIsIdempotentVariedAndDeterministic() throws {
        try TemporaryDirectory.with { directory in
            let store = try SQLiteCatalogStore(directory: directory + "/a", durability: .off)
            defer { store.close() }
            #expect(try store.seedDemoCatalogIfEmpty() == 600)
            #expect(try store.seedDemoCatalogIfEmpty() == 0)
            #expect(try store.count() == 600)

            let images = try store.images(after: nil, limit: 1_000, minRating: nil)
            #expect(images.count == 600)
            #expect(Set(images.map(\.rating)).count == 6)
            #expect(Set(images.map(\.name)).count == 600)
            let first = try #require(images.first)
            #expect(first.name.hasSuffix(".jpg") && first.name.contains(" "))
            #expect(images.allSatisfy { $0.format == "jpeg" && $0.path == nil })
            #expect(images.allSatisfy { ($0.width ?? 0) >= 3000 && ($0.height ?? 0) >= 3000 && ($0.byteSize ?? 0) > 1_000_000 })
            #expect(images.contains { ($0.width ?? 0) < ($0.height ?? 0) })  // some portraits

            let again = try SQLiteCatalogStore(directory: directory + "/b", durability: .off)
            defer { again.close() }
            #expect(try again.seedDemoCatalogIfEmpty() == 600)
            #expect(try again.images(after: nil, limit: 1_000, minRating: nil) == images)
        }
    }

    @Test func reopeningAfterCloseKeepsData() throws {
        try TemporaryDirectory.with { directory in
            let store = try SQLiteCatalogStore(directory: directory)
            #expect(try store.seedDemoCatalogIfEmpty(count: 20) == 20)
            let before = try store.images(after: nil, limit: 100, minRating: nil)
            let done = DispatchSemaphore(value: 0)
            store.write([ImageChange(id: ImageID(3), Rating.max)]) { _ in done.signal() }
            done.wait()
            store.close()
            store.close()  // idempotent
            #expect(throws: CatalogStoreError.closed) { try store.count() }
            // The writer closed last, so it checkpointed the WAL into the file and removed it.
            #expect(!FileManager.default.fileExists(atPath: store.path + "-wal"))

            let reopened = try SQLiteCatalogStore(directory: directory)
            defer { reopened.close() }
            var expected = before
            expected[2].rating = .max
            #expect(try reopened.images(after: nil, limit: 100, minRating: nil) == expected)
            #expect(try reopened.seedDemoCatalogIfEmpty() == 0)
        }
    }

    @Test(arguments: StorageEngine.allCases, [(7, nil), (50, nil), (13, 3), (5, 5), (1, 1)] as [(Int, Int?)])
    func pagesAreStableOrderedAndDisjoint(engine: StorageEngine, page: (limit: Int, minRating: Int?)) throws {
        let (limit, minRating) = page
        try engine.withLocation { location in
            let store = try location.open()
            defer { store.close() }
            _ = try store.seedDemoCatalogIfEmpty(count: 600)
            let floor = minRating.flatMap(Rating.init)
            let expected = try store.allRatings()
                .filter { $0.rating >= (floor ?? .none) }
                .map(\.id)

            var seen: [ImageID] = []
            var after: ImageID?
            while true {
                let page = try store.images(after: after, limit: limit, minRating: floor)
                #expect(page.count <= limit)
                #expect(page.allSatisfy { $0.rating >= (floor ?? .none) })
                guard let last = page.last else { break }
                seen += page.map(\.id)
                after = last.id
            }
            #expect(seen == expected)  // ascending, complete, no duplicates
            #expect(Set(seen).count == seen.count)
            #expect(seen == seen.sorted())
        }
    }

    @Test(arguments: StorageEngine.allCases)
    func looksUpSingleImagesAndRatings(engine: StorageEngine) throws {
        try engine.withLocation { location in
            let store = try location.open()
            defer { store.close() }
            _ = try store.insert([
                ImageRecord(
                    name: "a.png", rating: Rating(4)!, path: "/p/a.png", byteSize: 10, width: 3, height: 2, format: "png"
                ),
                ImageRecord(name: "b.jpg", path: "/p/b.jpg"),
            ])
            #expect(try store.insert([ImageRecord(name: "again.png", path: "/p/a.png")]) == 0)

            let a = try #require(try store.image(ImageID(1)))
            #expect(a == Image(
                id: ImageID(1), name: "a.png", values: with(.defaults) { $0[Rating.self] = Rating(4)! }, path: "/p/a.png",
                byteSize: 10, width: 3, height: 2, format: "png"
            ))
            #expect(try store.image(ImageID(2))?.width == nil)
            #expect(try store.image(ImageID(99)) == nil)
            let ratings = try store.allRatings()
            #expect(ratings.map(\.id) == [ImageID(1), ImageID(2)])
            #expect(ratings.map(\.rating) == [Rating(4)!, .none])
            #expect(try store.images(after: nil, limit: 0, minRating: nil).isEmpty)
            #expect(try store.lastImageID() == ImageID(2))
            // Quotes, backslashes, commas and braces survive the array parameters intact.
            let awkward = #"we"ird\, {name}.jpg"#
            #expect(try store.insert([ImageRecord(name: awkward, path: "/p/" + awkward)]) == 1)
            // The record refused for its path spent no id: a re-import of a whole library
            // must not use ids up.
            #expect(try store.lastImageID() == ImageID(3))
            #expect(try store.image(ImageID(3))?.name == awkward)
            // A page of ids in a working set's order: one read, that order, unknown ids left out.
            let page = try store.images(ids: [ImageID(3), ImageID(99), ImageID(1), ImageID(2)])
            #expect(page.map(\.id) == [ImageID(3), ImageID(1), ImageID(2)])
            #expect(page[1] == a)
            #expect(try store.images(ids: []).isEmpty)
        }
    }

    /// What a file says of how it was taken is stored whole and read back, `capture_ms`
    /// included; an image without any stands upright with nothing known.
    @Test(arguments: StorageEngine.allCases)
    func storesCameraMetadata(engine: StorageEngine) throws {
        try engine.withLocation { location in
            let store = try location.open()
            defer { store.close() }
            let metadata = ImageMetadata(
                captureTime: CaptureTime(exif: "2024:05:01 10:20:30", offset: "+02:00"),
                camera: Camera(make: "Canon", model: "Canon EOS R5"), lens: "RF24-70mm F2.8 L IS USM",
                exposure: Exposure(time: "1/250", aperture: 5.6, iso: 400, focalLength: 50), orientation: 6)
            _ = try store.insert([
                ImageRecord(name: "a.jpg", path: "/p/a.jpg", width: 4000, height: 6000, format: "jpeg", metadata: metadata),
                ImageRecord(name: "b.jpg", path: "/p/b.jpg"),
                ImageRecord(name: "c.dng", path: "/p/c.dng", metadata: ImageMetadata(exposure: Exposure(aperture: 2.8), orientation: 3)),
            ])
            let images = try store.images(ImageQuery(limit: 10))
            #expect(images.map(\.metadata) == [metadata, .unknown, ImageMetadata(exposure: Exposure(aperture: 2.8), orientation: 3)])
            #expect(images.map(\.captureMilliseconds) == [1_714_551_630_000, nil, nil])
            #expect(try store.image(images[0].id)?.metadata == metadata)
        }
    }

    @Test(arguments: StorageEngine.allCases)
    func readersRunConcurrentlyWithWrites(engine: StorageEngine) throws {
        try engine.withLocation { location in
            let store = try location.open(readerCount: 2)
            defer { store.close() }
            _ = try store.seedDemoCatalogIfEmpty(count: 100)
            let failures = Lock(0)
            DispatchQueue.concurrentPerform(iterations: 6) { index in
                for round in 0..<20 {
                    store.write([ImageChange(id: ImageID(Int64(index * 10 + 1)), Rating(round % 6)!)]) { _ in }
                    do {
                        let last = try store.lastImageID()
                        let page = try store.images(after: nil, limit: 10, minRating: nil)
                        if last != ImageID(100) || page.count != 10 { failures.withLock { $0 += 1 } }
                    } catch {
                        failures.withLock { $0 += 1 }
                    }
                }
            }
            #expect(failures.withLock { $0 } == 0)
        }
    }

    @Test(arguments: [(.full, 2), (.normal, 1), (.off, 0)] as [(Durability, Int64)])
    func durabilityMapsToSynchronous(durability: Durability, level: Int64) throws {
        try TemporaryDirectory.with { directory in
            let store = try SQLiteCatalogStore(directory: directory, durability: durability)
            defer { store.close() }
            #expect(try store.writer.transaction { try $0.scalarInt64("PRAGMA synchronous") } == level)
            #expect(Durability(rawValue: durability.rawValue) == durability)
        }
    }

    @Test(arguments: [1_000_000_000_000, -3] as [Int64])
    func anIDTheMirrorCannotHoldIsRefusedByNameAtLoad(id: Int64) throws {
        try TemporaryDirectory.with { directory in
            let store = try SQLiteCatalogStore(directory: directory)
            defer { store.close() }
            _ = try store.insert([ImageRecord(name: "a.jpg", path: "/a.jpg")])
            let setup = try SQLiteConnection(path: store.path, mode: .readWriteCreate)
            try setup.execute("INSERT INTO images (id, name) VALUES (\(id), 'stray.jpg')")
            try setup.close()
            #expect(throws: CatalogStoreError.corruptRow(id: id, reason: "image ids run from 1 to 100000000")) {
                _ = try store.loadAttributes()
            }
        }
    }
}
