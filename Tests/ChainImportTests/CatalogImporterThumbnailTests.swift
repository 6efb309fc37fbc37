import ChainImport
import ChainPictures
import ChainSQLite
import ChainStorage
import ChainTestSupport
import Foundation
import Testing

/// `chain-server import` makes each new image's 256-pixel thumbnail; a picture libvips
/// cannot read is counted, and the import goes on.
@Suite struct CatalogImporterThumbnailTests {
    @Test func importMakesThumbnailsAndCountsUnreadablePictures() throws {
        try TemporaryDirectory.with { directory in
            let photos = PictureFolder()
            defer { photos.remove() }
            try photos.picture("a.jpg", width: 1600, height: 1200)
            try photos.picture("b.png", width: 300, height: 500, pattern: 4)
            // A header libvips reads, and a picture cut short.
            let whole = try Data(contentsOf: URL(fileURLWithPath: try photos.picture("whole.jpg", width: 800, height: 600)))
            try FileManager.default.removeItem(atPath: photos.path + "/whole.jpg")
            photos.file("c.jpg", Array(whole.prefix(whole.count / 2)))
            let store = try SQLiteCatalogStore(directory: directory + "/catalog", durability: .off)
            defer { store.close() }
            _ = try store.insert([ImageRecord(name: "already.jpg", path: "/elsewhere/already.jpg")])
            let thumbnails = try Thumbnails(engine: VipsPictureEngine(), directory: directory + "/catalog/thumbnails")

            let summary = try CatalogImporter(store: store, thumbnails: thumbnails).importDirectory(photos.path) { _ in }

            #expect(summary.added == 3)
            #expect(summary.thumbnails == 2)
            #expect(summary.unreadablePictures == 1)
            #expect(summary.summaryLine.contains("2 thumbnails made, 1 pictures the thumbnailer could not read"))
            let cached = try FileManager.default.contentsOfDirectory(atPath: directory + "/catalog/thumbnails")
                .filter { $0.hasSuffix(".jpg") }.sorted()
            // img-1 was in the catalog before; the new ones are img-2 (a.jpg) and img-3 (b.png).
            #expect(cached.map { String($0.prefix(6)) } == ["2-256-", "3-256-"], "\(cached)")

            let again = try CatalogImporter(store: store, thumbnails: thumbnails).importDirectory(photos.path) { _ in }
            #expect(again.added == 0)
            #expect(again.thumbnails == 0)
        }
    }
}
