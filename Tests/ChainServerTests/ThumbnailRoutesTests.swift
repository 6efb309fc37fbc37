import ChainStorage
import ChainTestSupport
import Foundation
import Testing

@testable import ChainServer

/// `GET /v1/images/{id}/thumbnail`, live, over pictures the tests make with libvips: JPEG,
/// PNG and TIFF in, a JPEG within the size out; tags, the cache, bad files and bad sizes.
@Suite("Thumbnails, live")
struct ThumbnailRoutesTests {
    /// A server whose catalog holds exactly `files` (img-1, img-2, … in that order).
    static func withPictures(
        _ files: (PictureFolder) throws -> [String], _ body: (LiveServer, RemoteSession, PictureFolder) async throws -> Void
    ) async throws {
        let folder = PictureFolder()
        defer { folder.remove() }
        let paths = try files(folder)
        try await LiveServer.withSession({ $0.demoImages = 0 }) { server, session in
            let records = paths.map { ImageRecord(name: ($0 as NSString).lastPathComponent, path: $0) }
            #expect(try server.app.storage.insert(records) == paths.count)
            try await body(server, session, folder)
        }
    }

    static func thumbnail(_ session: RemoteSession, _ image: String, size: Int? = nil, ifNoneMatch: String? = nil) async throws -> LiveResponse {
        let query = size.map { "?size=\($0)" } ?? ""
        return try await session.client.send(
            "GET", "/v1/images/\(image)/thumbnail\(query)", token: session.token,
            headers: ifNoneMatch.map { ["If-None-Match": $0] } ?? [:])
    }

    @Test func jpegPNGAndTIFFEachGiveAJPEGWithinTheSize() async throws {
        try await Self.withPictures({ folder in
            let bracketed = try folder.picture("plain.jpg", width: 300, height: 300, pattern: 4)
            try FileManager.default.moveItem(atPath: bracketed, toPath: folder.path + "/IMG[1] copy.jpg")
            return [try folder.picture("wide.jpg", width: 1200, height: 800),
                    try folder.picture("tall.png", width: 600, height: 900, pattern: 2),
                    try folder.picture("strip.tif", width: 2000, height: 500, pattern: 3),
                    folder.path + "/IMG[1] copy.jpg"]
        }) { _, session, _ in
            // The fourth's name has brackets (libvips reads options only from a name ending in `]`).
            for (image, expected) in [("img-1", (256, 171)), ("img-2", (171, 256)), ("img-3", (256, 64)), ("img-4", (256, 256))] {
                let response = try await Self.thumbnail(session, image)
                #expect(response.status == 200, "\(image): \(response.text.prefix(200))")
                #expect(response.header("content-type") == "image/jpeg")
                #expect(response.header("cache-control") == "private, max-age=3600")
                let size = try #require(jpegSize(response.body), "\(image) is not a JPEG")
                #expect(size.width == expected.0 && size.height == expected.1, "\(image): \(size)")
            }
            for size in [128, 200, 512, 1024] {
                let response = try await Self.thumbnail(session, "img-1", size: size)
                let made = try #require(jpegSize(response.body))
                #expect(max(made.width, made.height) == min(size, 1200), "size \(size): \(made)")
            }
        }
    }

    @Test func aTagRevalidatesAndTheSecondAnswerComesFromTheCache() async throws {
        try await Self.withPictures({ [try $0.picture("a.jpg", width: 900, height: 600)] }) { server, session, _ in
            let first = try await Self.thumbnail(session, "img-1")
            let tag = try #require(first.header("etag"))
            let cacheFolder = server.dataDirectory + "/thumbnails"
            let cached = try FileManager.default.contentsOfDirectory(atPath: cacheFolder).filter { $0.hasSuffix(".jpg") }
            #expect(cached.count == 1 && cached[0].hasPrefix("1-256-"), "\(cached)")

            let again = try await Self.thumbnail(session, "img-1")
            #expect(again.body == first.body)
            #expect(again.header("etag") == tag)
            let revalidated = try await Self.thumbnail(session, "img-1", ifNoneMatch: tag)
            #expect(revalidated.status == 304)
            #expect(revalidated.body.isEmpty)
            // Another size has its own tag; a size between buckets is made, not cached.
            let odd = try await Self.thumbnail(session, "img-1", size: 300)
            #expect(odd.header("etag") != tag)
            let files = try FileManager.default.contentsOfDirectory(atPath: cacheFolder).filter { $0.hasSuffix(".jpg") }
            #expect(Set(files.map { $0.split(separator: "-")[1] }) == ["256", "512"], "\(files)")
        }
    }

    @Test func aChangedPictureGetsANewThumbnailAndTag() async throws {
        try await Self.withPictures({ [try $0.picture("a.jpg", width: 900, height: 600)] }) { _, session, folder in
            let before = try await Self.thumbnail(session, "img-1")
            // Same name, other proportions, a later modification time.
            try await Task.sleep(for: .milliseconds(20))
            try folder.picture("a.jpg", width: 400, height: 800, pattern: 9)
            let after = try await Self.thumbnail(session, "img-1")
            #expect(after.status == 200)
            #expect(after.header("etag") != before.header("etag"))
            #expect(jpegSize(after.body)?.height == 256)
            let stale = try await Self.thumbnail(session, "img-1", ifNoneMatch: before.header("etag"))
            #expect(stale.status == 200)
        }
    }

    @Test func badFilesAre404AndTheServerKeepsServing() async throws {
        try await Self.withPictures({ folder in
            let good = try folder.picture("good.jpg", width: 800, height: 600)
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: good)))
            let truncated = folder.file("truncated.jpg", Array(bytes.prefix(bytes.count / 3)))
            let text = folder.file("notes.jpg", Array("not a picture at all\n".utf8))
            let lyingPNG = try folder.picture("really-a-png.png", width: 500, height: 500)
            let renamed = folder.path + "/really-a-png.jpg"
            try FileManager.default.moveItem(atPath: lyingPNG, toPath: renamed)
            let missing = folder.path + "/gone.jpg"
            let empty = folder.file("empty.jpg", [])
            return [truncated, text, renamed, missing, empty, folder.path]
        }) { server, session, _ in
            for image in ["img-1", "img-2", "img-4", "img-5", "img-6"] {
                let response = try await Self.thumbnail(session, image)
                #expect(response.status == 404, "\(image): \(response.status)")
                #expect(response["type"] == "/problems/not-found", "\(image)")
                #expect(response["image"]?.stringValue == image)
                #expect(response["detail"]?.stringValue?.contains("no readable picture") == true, "\(image): \(response.text)")
            }
            // libvips reads what a file is, not what its name says.
            let png = try await Self.thumbnail(session, "img-3")
            #expect(png.status == 200)
            #expect(jpegSize(png.body).map { max($0.width, $0.height) } == 256)
            // Nothing was cached for the bad ones, and the server still answers.
            let files = try FileManager.default.contentsOfDirectory(atPath: server.dataDirectory + "/thumbnails")
            #expect(files.filter { $0.hasSuffix(".jpg") }.count == 1, "\(files)")
            #expect(try await server.client.get("/healthz").status == 200)
            // What libvips said of the truncated JPEG went to the log and the metrics, not stderr.
            let metrics = try await server.client.metrics()
            #expect(metrics.contains(#"chain_picture_log_messages_total{domain="VIPS",level="warning"}"#), "\(metrics.suffix(800))")
        }
    }

    @Test func unknownImagesImagesWithoutFilesAndBadSizesAreProblems() async throws {
        try await LiveServer.withSession { server, session in
            // Demo images without `demoPictures` have no picture file.
            let noFile = try await Self.thumbnail(session, "img-1")
            #expect(noFile.status == 404)
            #expect(noFile["detail"]?.stringValue?.contains("no picture file") == true)
            for image in ["img-99999", "nope", "img-0"] {
                #expect(try await Self.thumbnail(session, image).status == 404, "\(image)")
            }
            for size in ["127", "1025", "big", "-1", "256.5", ""] {
                let response = try await session.client.get("/v1/images/img-1/thumbnail?size=\(size)", token: session.token)
                #expect(response.status == 422, "size \(size)")
                #expect(response["field"] == "size")
            }
            #expect(try await server.client.get("/v1/images/img-1/thumbnail").status == 401)
        }
    }

    @Test func manyRequestsForOneMissingThumbnailAllGetTheSameOneCachedFile() async throws {
        try await Self.withPictures({ [try $0.picture("a.jpg", width: 3000, height: 2000)] }) { server, session, _ in
            let answers = try await withThrowingTaskGroup(of: LiveResponse.self) { group in
                for _ in 0..<8 { group.addTask { try await Self.thumbnail(session, "img-1", size: 512) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.allSatisfy { $0.status == 200 })
            #expect(Set(answers.map(\.body)).count == 1)
            let files = try FileManager.default.contentsOfDirectory(atPath: server.dataDirectory + "/thumbnails")
            #expect(files.filter { $0.hasSuffix(".jpg") } .count == 1, "\(files)")
            #expect(files.filter { $0.hasSuffix(".tmp") }.isEmpty)
        }
    }
}
