import ChainImport
import ChainModel
import ChainSQLite
import ChainSidecars
import ChainStorage
import ChainTestSupport
import Foundation
import Testing

/// Import reads the XMP sidecars other editors left beside the files: darktable's name
/// (`DSC_0001.NEF.xmp`) or Lightroom's (`DSC_0002.xmp`).
@Suite struct CatalogImporterSidecarTests {
    private func sidecar(rating: Int, label: String) -> [UInt8] {
        Array("""
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="\(rating)" xmp:Label="\(label)"/>
            </rdf:RDF></x:xmpmeta>
            """.utf8)
    }

    @Test func importGivesImagesTheValuesTheirSidecarsRecord() throws {
        try TemporaryDirectory.with { directory in
            let photos = directory + "/photos"
            try CameraFixtures.picture(photos + "/a.jpg", width: 600, height: 400)
            try TemporaryDirectory.write(sidecar(rating: 4, label: "Red"), to: photos + "/a.jpg.xmp")
            try CameraFixtures.picture(photos + "/b.jpg", width: 600, height: 400)
            try TemporaryDirectory.write(sidecar(rating: -1, label: "Purple"), to: photos + "/b.xmp")
            try CameraFixtures.picture(photos + "/c.jpg", width: 600, height: 400)
            try TemporaryDirectory.write(Array("<<< not xmp".utf8), to: photos + "/c.jpg.xmp")
            try CameraFixtures.picture(photos + "/d.jpg", width: 600, height: 400)
            let store = try SQLiteCatalogStore(directory: directory + "/catalog", durability: .off)
            defer { store.close() }

            let summary = try CatalogImporter(store: store, sidecars: XMPSidecarStore()).importDirectory(photos) { _ in }
            #expect(summary.added == 4)
            #expect(summary.sidecars == 2)
            #expect(summary.unreadableSidecars == 1)
            #expect(summary.ignored == 3)  // the sidecars are not images
            #expect(summary.summaryLine.contains("values from 2 XMP sidecars, 1 sidecars unreadable"))

            let images = try store.images(ImageQuery(limit: 10))
            #expect(images.map(\.name) == ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
            #expect(images.map(\.rating) == [Rating(4)!, .none, .none, .none])
            #expect(images.map { $0.values[ColorLabel.self] } == [.red, .purple, ColorLabel.none, ColorLabel.none])
            #expect(images.map { $0.values[Flag.self] } == [Flag.none, .reject, Flag.none, Flag.none])
        }
    }

    @Test func withoutASidecarStoreNothingIsRead() throws {
        try TemporaryDirectory.with { directory in
            let photos = directory + "/photos"
            try CameraFixtures.picture(photos + "/a.jpg", width: 60, height: 40)
            try TemporaryDirectory.write(sidecar(rating: 5, label: "Blue"), to: photos + "/a.jpg.xmp")
            let store = try SQLiteCatalogStore(directory: directory + "/catalog", durability: .off)
            defer { store.close() }
            let summary = try CatalogImporter(store: store).importDirectory(photos) { _ in }
            #expect(summary.sidecars == 0)
            #expect(try store.images(ImageQuery(limit: 10)).first?.rating == Rating.none)
        }
    }
}
