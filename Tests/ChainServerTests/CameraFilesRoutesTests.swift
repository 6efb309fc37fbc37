import ChainImport
import ChainModel
import ChainPictures
import ChainTestSupport
import Foundation
import Testing

@testable import ChainServer

/// Image objects over HTTP, live, after `chain-server import` of camera files: capture time,
/// camera, lens, exposure and orientation as the contract spells them; thumbnails upright.
@Suite("Camera files, live")
struct CameraFilesRoutesTests {
    @Test func importedCameraFilesShowTheirMetadataAndUprightThumbnails() async throws {
        let folder = PictureFolder()
        defer { folder.remove() }
        try CameraFixtures.picture(folder.path + "/1.jpg", width: 600, height: 400, tags: CameraFixtures.canonTags)
        try CameraFixtures.dng(folder.path + "/2.dng", width: 600, height: 400, options: CameraFixtures.nikonOptions)
        try CameraFixtures.picture(folder.path + "/3.webp", width: 300, height: 200)
        try CameraFixtures.picture(folder.path + "/4.heic", width: 300, height: 200)
        try CameraFixtures.picture(folder.path + "/5.tif", width: 200, height: 300)

        try await LiveServer.withSession({ $0.demoImages = 0 }) { server, session in
            let summary = try CatalogImporter(store: server.app.storage).importDirectory(folder.path) { _ in }
            #expect(summary.added == 5)
            #expect(summary.formats == ["jpeg": 1, "dng": 1, "webp": 1, "heic": 1, "tiff": 1])

            let jpeg = try await session.client.send("GET", "/v1/images/img-1", token: session.token)
            #expect(jpeg.status == 200, "\(jpeg.text)")
            #expect(jpeg["captureTime"] == .string("2024-05-01T10:20:30+02:00"))
            #expect(jpeg["camera"]?["make"] == .string("Canon") && jpeg["camera"]?["model"] == .string("Canon EOS R5"))
            #expect(jpeg["lens"] == .string("RF24-70mm F2.8 L IS USM"))
            let exposure = try #require(jpeg["exposure"])
            #expect(exposure["time"] == .string("1/250") && exposure["aperture"] == 5.6)
            #expect(exposure["iso"] == 400 && exposure["focalLength"] == 50)
            #expect(jpeg["orientation"] == 6 && jpeg["width"] == 400 && jpeg["height"] == 600)

            let page = try await session.client.send("GET", "/v1/images?limit=10", token: session.token)
            guard case .array(let images)? = page["images"] else { Issue.record("no images: \(page.text)"); return }
            #expect(images.count == 5)
            let raw = images[1]
            #expect(raw["format"] == .string("raw") && raw["captureTime"] == .string("2023-08-14T18:05:09Z"))
            #expect(raw["camera"]?["make"] == .string("Nikon") && raw["lens"] == .string("NIKKOR Z 24-70mm f/4 S"))
            #expect(raw["exposure"]?["time"] == .string("1/500") && raw["exposure"]?["aperture"] == 8)
            #expect(raw["orientation"] == 6 && raw["width"] == 400 && raw["height"] == 600)
            for plain in images[2...] {
                #expect(plain["captureTime"] == .null && plain["camera"] == .null && plain["lens"] == .null)
                #expect(plain["exposure"]?["time"] == .null && plain["exposure"]?["iso"] == .null)
                #expect(plain["orientation"] == 1)
            }
            #expect(images.map { $0["format"] } == ["jpeg", "raw", "webp", "heic", "tiff"].map { JSON.string($0) })

            for (image, expected) in [("img-1", (171, 256)), ("img-2", (171, 256)), ("img-3", (256, 171)), ("img-4", (256, 171)), ("img-5", (171, 256))] {
                let thumbnail = try await session.client.send("GET", "/v1/images/\(image)/thumbnail", token: session.token)
                #expect(thumbnail.status == 200, "\(image): \(thumbnail.text.prefix(200))")
                let size = try #require(jpegSize(thumbnail.body), "\(image) is not a JPEG")
                #expect(size.width == expected.0 && size.height == expected.1, "\(image): \(size)")
            }

            // Previews and regions of the raw come from libraw, upright, not from its mosaic.
            let preview = try await session.client.send("GET", "/v1/images/img-2/preview?size=512", token: session.token)
            #expect(preview.status == 200, "\(preview.text.prefix(200))")
            let previewSize = try #require(jpegSize(preview.body), "the raw's preview is not a JPEG")
            #expect(previewSize.width == 341 && previewSize.height == 512, "\(previewSize)")
            for image in ["img-1", "img-2"] {
                let region = try await session.client.send("GET", "/v1/images/\(image)/region?x=10&y=20&w=100&h=150", token: session.token)
                #expect(region.status == 200, "\(image): \(region.text.prefix(200))")
                let regionSize = try #require(jpegSize(region.body), "\(image)'s region is not a JPEG")
                #expect(regionSize.width == 100 && regionSize.height == 150, "\(image): \(regionSize)")
            }
            // The upright raw is 400 × 600: a crop past its right edge is refused.
            let outside = try await session.client.send("GET", "/v1/images/img-2/region?x=350&y=0&w=100&h=100", token: session.token)
            #expect(outside.status == 422, "\(outside.text.prefix(200))")
        }
    }
}
