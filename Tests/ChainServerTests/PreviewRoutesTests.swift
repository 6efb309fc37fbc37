import ChainStorage
import ChainTestSupport
import Foundation
import Testing

@testable import ChainServer

/// `GET /v1/images/{id}/preview` and `…/region`, live, over pictures the tests make with
/// libvips: sizes, tags, the memory cache (its counters in /metrics), bad parameters, upright
/// output, and previews made ahead of a viewer.
@Suite("Previews and regions, live")
struct PreviewRoutesTests {
    static func preview(_ session: RemoteSession, _ image: String, query: String = "", ifNoneMatch: String? = nil) async throws -> LiveResponse {
        try await session.client.send(
            "GET", "/v1/images/\(image)/preview\(query)", token: session.token, headers: ifNoneMatch.map { ["If-None-Match": $0] } ?? [:])
    }

    static func region(_ session: RemoteSession, _ image: String, _ query: String) async throws -> LiveResponse {
        try await session.client.send("GET", "/v1/images/\(image)/region?\(query)", token: session.token)
    }

    /// `chain_previews_total{kind, outcome}` from /metrics (0 when not counted yet).
    static func count(_ server: LiveServer, _ kind: String, _ outcome: String) async throws -> Int {
        let prefix = "chain_previews_total{kind=\"\(kind)\",outcome=\"\(outcome)\"} "
        let line = try await server.client.metrics().split(separator: "\n").first { $0.hasPrefix(prefix) }
        return line.flatMap { Int($0.dropFirst(prefix.count)) } ?? 0
    }

    @Test func aPreviewFitsItsSizeNeverEnlargedAndTheSecondComesFromTheCache() async throws {
        try await ThumbnailRoutesTests.withPictures({ [try $0.picture("wide.jpg", width: 3000, height: 2000)] }) { server, session, _ in
            for (query, expected) in [("", (2048, 1365)), ("?size=512", (512, 341)), ("?size=4096", (3000, 2000))] {
                let response = try await Self.preview(session, "img-1", query: query)
                #expect(response.status == 200, "\(query): \(response.text.prefix(200))")
                #expect(response.header("content-type") == "image/jpeg")
                let size = try #require(jpegSize(response.body), "\(query) is not a JPEG")
                #expect(size.width == expected.0 && size.height == expected.1, "\(query): \(size)")
            }
            #expect(try await Self.count(server, "preview", "miss") == 3)
            let first = try await Self.preview(session, "img-1", query: "?size=512")
            let tag = try #require(first.header("etag"))
            #expect(try await Self.count(server, "preview", "hit") == 1)
            #expect(try await Self.count(server, "preview", "miss") == 3)
            let revalidated = try await Self.preview(session, "img-1", query: "?size=512", ifNoneMatch: tag)
            #expect(revalidated.status == 304)
            #expect(revalidated.body.isEmpty)
            let other = try await Self.preview(session, "img-1", query: "?size=1024", ifNoneMatch: tag)
            #expect(other.status == 200)
            #expect(other.header("etag") != tag)
        }
    }

    @Test(arguments: [
        ("preview?size=100", "size"), ("preview?size=4097", "size"), ("preview?size=big", "size"),
        ("region?y=0&w=10&h=10", "x"), ("region?x=0&y=0&w=0&h=10", "w"), ("region?x=0&y=0&w=10&h=4097", "h"),
        ("region?x=-1&y=0&w=10&h=10", "x"), ("region?x=0&y=0&w=10&h=1.5", "h"),
        ("region?x=700&y=0&w=101&h=10", "w"), ("region?x=0&y=550&w=10&h=51", "h"),
    ])
    func badParametersAre422AndMakeNothing(query: String, field: String) async throws {
        try await ThumbnailRoutesTests.withPictures({ [try $0.picture("a.jpg", width: 800, height: 600)] }) { server, session, _ in
            let response = try await session.client.send("GET", "/v1/images/img-1/\(query)", token: session.token)
            #expect(response.status == 422, "\(query): \(response.status) \(response.text)")
            #expect(response.header("content-type") == "application/problem+json")
            #expect(response["field"]?.stringValue == field, "\(query): \(response.text)")
            #expect(try await Self.count(server, query.hasPrefix("region") ? "region" : "preview", "miss") == 0)
        }
    }

    @Test func aRegionIsTheCropAt1To1AndOutsideIsRefusedWithThePictureSize() async throws {
        try await ThumbnailRoutesTests.withPictures({ [try $0.picture("a.jpg", width: 800, height: 600)] }) { server, session, _ in
            let crop = try await Self.region(session, "img-1", "x=100&y=50&w=300&h=200")
            #expect(crop.status == 200, "\(crop.text.prefix(200))")
            let size = try #require(jpegSize(crop.body))
            #expect(size.width == 300 && size.height == 200)
            let corner = try await Self.region(session, "img-1", "x=0&y=0&w=800&h=600")
            #expect(jpegSize(corner.body).map { [$0.width, $0.height] } == [800, 600])
            let again = try await Self.region(session, "img-1", "x=100&y=50&w=300&h=200")
            #expect(again.body == crop.body && again.header("etag") == crop.header("etag"))
            #expect(try await Self.count(server, "region", "hit") == 1)
            let outside = try await Self.region(session, "img-1", "x=600&y=0&w=300&h=10")
            #expect(outside.status == 422)
            #expect(outside["width"]?.intValue == 800 && outside["height"]?.intValue == 600, "\(outside.text)")
            let unknown = try await Self.region(session, "img-99", "x=0&y=0&w=1&h=1")
            #expect(unknown.status == 404)
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), "exiftool (Debian) sets the orientation"))
    func previewsAndRegionsComeOutUpright() async throws {
        try await ThumbnailRoutesTests.withPictures({ folder in
            let file = try folder.picture("turned.jpg", width: 900, height: 600)
            let exiftool = Process()
            exiftool.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
            exiftool.arguments = ["-q", "-overwrite_original", "-n", "-Orientation=6", file]
            try exiftool.run()
            exiftool.waitUntilExit()
            return [file]
        }) { _, session, _ in
            let preview = try await Self.preview(session, "img-1", query: "?size=512")
            #expect(jpegSize(preview.body).map { [$0.width, $0.height] } == [341, 512])
            let crop = try await Self.region(session, "img-1", "x=0&y=800&w=600&h=100")
            #expect(crop.status == 200, "\(crop.text)")
            #expect(jpegSize(crop.body).map { [$0.width, $0.height] } == [600, 100])
            let across = try await Self.region(session, "img-1", "x=0&y=0&w=900&h=10")
            #expect(across.status == 422)
            #expect(across["width"]?.intValue == 600 && across["height"]?.intValue == 900)
        }
    }

    @Test func aViewerShowingAnImageHasItsNeighboursMadeAheadAtItsSize() async throws {
        // The demo catalog's pictures (640 px), so the catalog the chain walks holds them.
        try await LiveServer.withSession({ $0.demoImages = 7; $0.demoPictures = true }) { server, session in
            // The viewer's client says what size it shows (img-3, asked before it is shown).
            #expect(try await Self.preview(session, "img-3", query: "?size=512").status == 200)
            try await session.perform("openImage", ["image": "img-3"])
            // Ahead: img-4, img-5, img-6; behind: img-2.
            let deadline = ContinuousClock.now + .seconds(20)
            while try await Self.count(server, "preview", "prefetched") < 4, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(try await Self.count(server, "preview", "prefetched") == 4)
            for image in ["img-2", "img-4", "img-5", "img-6"] {
                let response = try await Self.preview(session, image, query: "?size=512")
                #expect(jpegSize(response.body).map { max($0.width, $0.height) } == 512, "\(image)")
            }
            #expect(try await Self.count(server, "preview", "hit") == 4)
            #expect(try await Self.count(server, "preview", "miss") == 1)
            // Going back to img-2: img-1 is ahead now, img-3 behind (made already); img-7 was never wanted.
            try await session.perform("previousImage")
            let back = ContinuousClock.now + .seconds(20)
            while try await Self.count(server, "preview", "prefetched") < 5, ContinuousClock.now < back {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(try await Self.preview(session, "img-1", query: "?size=512").status == 200)
            #expect(try await Self.count(server, "preview", "miss") == 1)
            #expect(try await Self.preview(session, "img-7", query: "?size=512").status == 200)
            #expect(try await Self.count(server, "preview", "miss") == 2)
        }
    }
}
