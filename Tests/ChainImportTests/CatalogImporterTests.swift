import ChainImport
import ChainSQLite
import ChainStorage
import ChainTestSupport
import Foundation
import Testing

@Suite struct CatalogImporterTests {
    /// A small tree: pictures of every format at two depths, mixed-case extensions, files
    /// no library reads (a JPEG that is not one, a dangling link, a raw of noise), and files
    /// the catalog does not take.
    private func makeTree(in root: String) throws {
        for folder in ["/2024/Lisbon", "/2024/raw", "/phone"] {
            try FileManager.default.createDirectory(atPath: root + folder, withIntermediateDirectories: true)
        }
        try CameraFixtures.picture(root + "/2024/Lisbon/tram.JPG", width: 400, height: 300)
        try CameraFixtures.picture(root + "/2024/Lisbon/map.png", width: 80, height: 60)
        try CameraFixtures.dng(root + "/2024/raw/DSC_0001.dng", width: 120, height: 80)
        try CameraFixtures.picture(root + "/scan.tif", width: 10, height: 20)
        try CameraFixtures.picture(root + "/phone/IMG_0001.HEIC", width: 64, height: 48)
        try CameraFixtures.picture(root + "/phone/IMG_0003.webp", width: 50, height: 40)
        try TemporaryDirectory.write(Array("not really a jpeg".utf8), to: root + "/broken.jpeg")
        try TemporaryDirectory.write((0..<4096).map { UInt8(truncatingIfNeeded: $0 * 7919 >> 3) }, to: root + "/2024/raw/DSC_0002.NEF")
        try TemporaryDirectory.write(Array("notes".utf8), to: root + "/2024/Lisbon/notes.txt")
        try TemporaryDirectory.write(Array("<x:xmpmeta/>".utf8), to: root + "/2024/raw/DSC_0001.xmp")
        try TemporaryDirectory.write(Array("video".utf8), to: root + "/phone/IMG_0002.MOV")
        try TemporaryDirectory.write(ImageFixtures.png(width: 1, height: 1), to: root + "/.thumbnails/hidden.png")
        try FileManager.default.createSymbolicLink(atPath: root + "/gone.jpg", withDestinationPath: root + "/nowhere.jpg")
    }

    @Test func importsImagesOnceThroughTheirLibraries() throws {
        try TemporaryDirectory.with { directory in
            let photos = directory + "/photos"
            try makeTree(in: photos)
            let store = try SQLiteCatalogStore(directory: directory + "/catalog", durability: .off)
            defer { store.close() }
            let importer = CatalogImporter(store: store, batchSize: 2)

            var reports: [ImportProgress] = []
            let first = try importer.importDirectory(photos) { reports.append($0) }
            #expect(first.scanned == 9)
            #expect(first.added == 6)
            #expect(first.alreadyPresent == 0)
            #expect(first.skipped == 3)  // not a JPEG, the dangling link, the raw of noise
            #expect(first.ignored == 3)  // .txt, .xmp, .MOV; the hidden folder is not walked
            #expect(first.formats == ["jpeg": 1, "png": 1, "dng": 1, "tiff": 1, "heic": 1, "webp": 1])
            #expect(first.skippedReasons.values.reduce(0, +) == 3)
            #expect(first.skippedReasons.keys.contains { $0.hasPrefix("libraw: ") }, "\(first.skippedReasons)")
            #expect(first.skippedReasons.keys.allSatisfy { !$0.contains(photos) }, "\(first.skippedReasons)")
            #expect(reports.last?.scanned == 9 && reports.last?.added == 6)
            #expect(reports.map(\.added) == reports.map(\.added).sorted())
            let summary = first.lines.joined(separator: "\n")
            #expect(summary.contains("Formats: dng 1, heic 1, jpeg 1, png 1, tiff 1, webp 1"), "\(summary)")
            #expect(summary.contains("Skipped: "), "\(summary)")

            // Sorted path order gives the ids.
            let images = try store.images(ImageQuery(limit: 100))
            let root = URL(fileURLWithPath: photos).resolvingSymlinksInPath().path
            #expect(images.map(\.path) == [
                "/2024/Lisbon/map.png", "/2024/Lisbon/tram.JPG", "/2024/raw/DSC_0001.dng",
                "/phone/IMG_0001.HEIC", "/phone/IMG_0003.webp", "/scan.tif",
            ].map { root + $0 })
            #expect(images.map(\.name) == ["map.png", "tram.JPG", "DSC_0001.dng", "IMG_0001.HEIC", "IMG_0003.webp", "scan.tif"])
            #expect(images.map(\.format) == ["png", "jpeg", "raw", "heic", "webp", "tiff"])
            #expect(images.map(\.width) == [80, 400, 120, 64, 50, 10])
            #expect(images.map(\.height) == [60, 300, 80, 48, 40, 20])
            let fileSize = try FileManager.default.attributesOfItem(atPath: root + "/scan.tif")[.size] as? Int
            #expect(images[5].byteSize.map(Int.init) == fileSize)
            #expect(images.allSatisfy { $0.rating == .none })

            let second = try importer.importDirectory(photos + "/./") { _ in }
            #expect(second.added == 0)
            #expect(second.alreadyPresent == 6)
            #expect(second.scanned == 9)
            #expect(try store.count() == 6)
        }
    }

    @Test func refusesSomethingThatIsNotADirectory() throws {
        try TemporaryDirectory.with { directory in
            let store = try SQLiteCatalogStore(directory: directory + "/catalog", durability: .off)
            defer { store.close() }
            let file = directory + "/file.jpg"
            try TemporaryDirectory.write([1], to: file)
            #expect(throws: CatalogStoreError.notADirectory(path: file)) {
                try CatalogImporter(store: store).importDirectory(file) { _ in }
            }
            #expect(throws: CatalogStoreError.notADirectory(path: directory + "/missing")) {
                try CatalogImporter(store: store).importDirectory(directory + "/missing") { _ in }
            }
        }
    }

    @Test(arguments: [
        ("IMG.JPG", ImageFileType.jpeg), ("a.jpeg", .jpeg), ("a.png", .png), ("a.heic", .heic), ("a.HEIF", .heif),
        ("a.webp", .webp), ("a.WebP", .webp),
        ("a.tif", .tiff), ("a.tiff", .tiff), ("a.dng", .raw), ("a.CR2", .raw), ("a.cr3", .raw), ("a.nef", .raw),
        ("a.arw", .raw), ("a.orf", .raw), ("a.rw2", .raw), ("a.raf", .raw), ("a.pef", .raw), ("a.srw", .raw),
    ])
    func recognisesImageExtensions(file: String, type: ImageFileType) {
        #expect(ImageFileType(pathExtension: URL(fileURLWithPath: file).pathExtension) == type)
    }

    @Test(arguments: ["a.txt", "a.xmp", "a.mov", "a.gif", "a", "a.jpg.bak"])
    func passesOverOtherExtensions(file: String) {
        #expect(ImageFileType(pathExtension: URL(fileURLWithPath: file).pathExtension) == nil)
    }
}
