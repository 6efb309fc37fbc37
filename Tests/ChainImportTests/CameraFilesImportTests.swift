import ChainImport
import ChainModel
import ChainPictures
import ChainSQLite
import ChainStorage
import ChainTestSupport
import Foundation
import Testing

/// Camera files as photographers bring them: JPEGs with EXIF (capture time with its offset,
/// camera, lens, exposure, a quarter-turn orientation) and DNG raws; their metadata reaches
/// the catalog and their thumbnails come out upright.
@Suite struct CameraFilesImportTests {
    static let canon = CameraFixtures.canonTags
    static let nikon = CameraFixtures.nikonOptions

    @Test func metadataAndUprightSizesReachTheCatalog() throws {
        try TemporaryDirectory.with { directory in
            let photos = directory + "/photos"
            try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
            // Stored 600 × 400 and turned a quarter clockwise: upright 400 × 600.
            try CameraFixtures.picture(photos + "/a.jpg", width: 600, height: 400, tags: Self.canon)
            try CameraFixtures.dng(photos + "/b.dng", width: 300, height: 200, options: Self.nikon)
            try CameraFixtures.picture(photos + "/c.jpg", width: 300, height: 200, tags: ["DateTimeOriginal": "2022:01:02 03:04:05"])
            let store = try SQLiteCatalogStore(directory: directory + "/catalog", durability: .off)
            defer { store.close() }
            let thumbnails = try Thumbnails(engine: VipsPictureEngine(), directory: directory + "/catalog/thumbnails")

            let summary = try CatalogImporter(store: store, thumbnails: thumbnails).importDirectory(photos) { _ in }
            #expect(summary.added == 3 && summary.thumbnails == 3 && summary.skipped == 0)

            let images = try store.images(ImageQuery(limit: 10))
            let jpeg = images[0].metadata
            #expect(jpeg.captureTime == CaptureTime(text: "2024-05-01T10:20:30+02:00", milliseconds: 1_714_551_630_000))
            #expect(images[0].captureMilliseconds == 1_714_551_630_000)
            #expect(jpeg.camera == Camera(make: "Canon", model: "Canon EOS R5"))
            #expect(jpeg.lens == "RF24-70mm F2.8 L IS USM")
            #expect(jpeg.exposure == Exposure(time: "1/250", aperture: 5.6, iso: 400, focalLength: 50))
            #expect(jpeg.orientation == 6)
            #expect((images[0].width, images[0].height) == (400, 600))

            let raw = images[1].metadata
            #expect(raw.captureTime?.text == "2023-08-14T18:05:09Z")  // no offset in the file
            #expect(raw.camera == Camera(make: "Nikon", model: "Z 6"))
            #expect(raw.lens == "NIKKOR Z 24-70mm f/4 S")
            #expect(raw.exposure.time == "1/500" && raw.exposure.aperture == 8 && raw.exposure.focalLength == 35)
            #expect(raw.orientation == 6)
            #expect((images[1].width, images[1].height) == (200, 300))

            #expect(images[2].metadata.captureTime?.text == "2022-01-02T03:04:05Z")
            #expect(images[2].metadata.camera == nil && images[2].metadata.lens == nil)
            #expect(images[2].metadata.exposure == Exposure())
            #expect(images[2].metadata.orientation == 1)

            // Thumbnails upright: the quarter-turned JPEG and raw stand tall.
            for (image, expected) in zip(images, [(171, 256), (171, 256), (256, 171)]) {
                let made = try thumbnails.make(image.id, file: image.path!, size: 256)
                let size = try #require(jpegSize(made.bytes))
                #expect(size.width == expected.0 && size.height == expected.1, "\(image.name): \(size)")
            }
        }
    }

    /// The raw's stored left half is bright; turned a quarter clockwise, that half is on top.
    @Test func aRawThumbnailIsTurnedByTheRawsOrientation() throws {
        try TemporaryDirectory.with { directory in
            let raw = try CameraFixtures.dng(directory + "/turned.dng", width: 300, height: 200, options: ["--orientation", "6"])
            let engine = try VipsPictureEngine()
            let bytes = try engine.thumbnail(ofFile: raw, size: 128)
            let thumbnail = directory + "/thumbnail.jpg"
            try TemporaryDirectory.write(bytes, to: thumbnail)
            let size = try #require(jpegSize(bytes))
            #expect(size.width == 85 && size.height == 128, "\(size)")
            let top = try Self.mean(of: thumbnail, y: 0, height: 20)
            let bottom = try Self.mean(of: thumbnail, y: 100, height: 20)
            #expect(top > bottom + 50, "top \(top), bottom \(bottom)")
        }
    }

    /// A raw's embedded preview (here dark on its left, the raw data's opposite) makes the
    /// sizes it covers, turned by the raw's orientation; a larger size comes from the raw data.
    @Test func aRawsEmbeddedPreviewMakesTheSizesItCovers() throws {
        try TemporaryDirectory.with { directory in
            let raw = try CameraFixtures.dng(
                directory + "/previewed.dng", width: 600, height: 400, options: ["--orientation", "6", "--preview-dark-left"])
            let engine = try VipsPictureEngine()
            for (size, expected, topIsBright) in [(256, (171, 256), false), (1024, (400, 600), true)] {
                let bytes = try engine.thumbnail(ofFile: raw, size: size)
                let thumbnail = directory + "/thumbnail-\(size).jpg"
                try TemporaryDirectory.write(bytes, to: thumbnail)
                let made = try #require(jpegSize(bytes))
                #expect(made.width == expected.0 && made.height == expected.1, "\(size): \(made)")
                let top = try Self.mean(of: thumbnail, y: 0, height: expected.1 / 8)
                let bottom = try Self.mean(of: thumbnail, y: expected.1 * 5 / 8, height: expected.1 / 8)
                #expect(topIsBright ? top > bottom + 50 : bottom > top + 50, "\(size): top \(top), bottom \(bottom)")
            }
        }
    }

    @Test func aCorruptRawIsSkippedWithItsReason() throws {
        try TemporaryDirectory.with { directory in
            let photos = directory + "/photos"
            try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
            try CameraFixtures.dng(photos + "/good.dng", width: 120, height: 80)
            // A real DNG cut short inside its header, and a CR3 of noise.
            let whole = try Data(contentsOf: URL(fileURLWithPath: photos + "/good.dng"))
            try whole.prefix(64).write(to: URL(fileURLWithPath: photos + "/cut.dng"))
            try TemporaryDirectory.write((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }, to: photos + "/noise.cr3")
            let store = try SQLiteCatalogStore(directory: directory + "/catalog", durability: .off)
            defer { store.close() }

            let summary = try CatalogImporter(store: store).importDirectory(photos) { _ in }
            #expect(summary.scanned == 3)
            #expect(summary.added == 1)
            #expect(summary.skipped == 2)
            #expect(summary.formats == ["dng": 1])
            #expect(summary.skippedReasons.values.reduce(0, +) == 2)
            #expect(summary.skippedReasons.keys.allSatisfy { $0.hasPrefix("libraw: ") }, "\(summary.skippedReasons)")
            #expect(try store.images(ImageQuery(limit: 10)).map(\.name) == ["good.dng"])
        }
    }

    /// The mean of a band of rows across the picture, with the `vips` command.
    static func mean(of path: String, y: Int, height: Int) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/vips")
        let width = try #require(jpegSize(Array(try Data(contentsOf: URL(fileURLWithPath: path))))).width
        let band = path + ".band.png"
        process.arguments = ["crop", path, band, "0", "\(y)", "\(width)", "\(height)"]
        try process.run()
        process.waitUntilExit()
        let average = Process()
        average.executableURL = URL(fileURLWithPath: "/usr/bin/vips")
        average.arguments = ["avg", band]
        let output = Pipe()
        average.standardOutput = output
        try average.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        average.waitUntilExit()
        return try #require(Double(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }
}
