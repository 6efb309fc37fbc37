import ChainImport
import ChainSQLite
import ChainStorage
import ChainTestSupport
import Foundation
import Testing

@Suite struct CatalogImporterTests {
    /// A small tree: images at two depths, mixed-case extensions, a raw, an unreadable image
    /// (a dangling link), and files the catalog does not take.
    private func makeTree(in root: String) throws {
        try TemporaryDirectory.write(ImageFixtures.jpeg(width: 4000, height: 3000), to: root + "/2024/Lisbon/tram.JPG")
        try TemporaryDirectory.write(ImageFixtures.png(width: 800, height: 600), to: root + "/2024/Lisbon/map.png")
        try TemporaryDirectory.write(
            ImageFixtures.rawWithThumbnail(width: 6048, height: 4024, littleEndian: true), to: root + "/2024/raw/DSC_0001.nef"
        )
        try TemporaryDirectory.write(ImageFixtures.tiff(width: 10, height: 20, littleEndian: false), to: root + "/scan.tif")
        try TemporaryDirectory.write(ImageFixtures.heic(width: 4032, height: 3024), to: root + "/phone/IMG_0001.HEIC")
        try TemporaryDirectory.write(Array("not really a jpeg".utf8), to: root + "/broken.jpeg")
        try TemporaryDirectory.write(Array("notes".utf8), to: root + "/2024/Lisbon/notes.txt")
        try TemporaryDirectory.write(Array("<x:xmpmeta/>".utf8), to: root + "/2024/raw/DSC_0001.xmp")
        try TemporaryDirectory.write(Array("video".utf8), to: root + "/phone/IMG_0002.MOV")
        try TemporaryDirectory.write(ImageFixtures.png(width: 1, height: 1), to: root + "/.thumbnails/hidden.png")
        try FileManager.default.createSymbolicLink(atPath: root + "/gone.jpg", withDestinationPath: root + "/nowhere.jpg")
    }

    @Test func importsImagesOnceWithTheirHeaders() throws {
        try TemporaryDirectory.with { directory in
            let photos = directory + "/photos"
            try makeTree(in: photos)
            let store = try SQLiteCatalogStore(directory: directory + "/catalog", durability: .off)
            defer { store.close() }
            let importer = CatalogImporter(store: store, batchSize: 2)

            var reports: [ImportProgress] = []
            let first = try importer.importDirectory(photos) { reports.append($0) }
            #expect(first.scanned == 7)
            #expect(first.added == 6)
            #expect(first.alreadyPresent == 0)
            #expect(first.skipped == 1)  // the dangling link
            #expect(first.ignored == 3)  // .txt, .xmp, .MOV; the hidden folder is not walked
            #expect(reports.last == ImportProgress(scanned: 7, added: 6, alreadyPresent: 0, skipped: 1, ignored: 3))
            #expect(reports.map(\.added) == reports.map(\.added).sorted())

            // Sorted path order gives the ids.
            let images = try store.images(ImageQuery(limit: 100))
            let root = URL(fileURLWithPath: photos).resolvingSymlinksInPath().path
            #expect(images.map(\.path) == [
                "/2024/Lisbon/map.png", "/2024/Lisbon/tram.JPG", "/2024/raw/DSC_0001.nef",
                "/broken.jpeg", "/phone/IMG_0001.HEIC", "/scan.tif",
            ].map { root + $0 })
            #expect(images.map(\.name) == ["map.png", "tram.JPG", "DSC_0001.nef", "broken.jpeg", "IMG_0001.HEIC", "scan.tif"])
            #expect(images.map(\.format) == ["png", "jpeg", "raw", "jpeg", "heic", "tiff"])
            #expect(images.map(\.width) == [800, 4000, 6048, nil, 4032, 10])
            #expect(images.map(\.height) == [600, 3000, 4024, nil, 3024, 20])
            #expect(images[3].byteSize == Int64("not really a jpeg".utf8.count))
            #expect(images.allSatisfy { $0.rating == .none })

            let second = try importer.importDirectory(photos + "/./") { _ in }
            #expect(second.added == 0)
            #expect(second.alreadyPresent == 6)
            #expect(second.scanned == 7)
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
