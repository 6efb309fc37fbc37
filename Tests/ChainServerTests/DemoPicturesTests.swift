import ChainConfig
import ChainImport
import ChainPictures
import ChainService
import ChainStorage
import ChainSupport
import ChainTestSupport
import Foundation
import Synchronization
import Testing

@testable import ChainServer

/// The demo catalog's picture files: drawn by libvips, one distinct picture per image, in
/// its record's proportions; and a server seeded with them serves their thumbnails.
@Suite("Demo pictures")
struct DemoPicturesTests {
    @Test func eachDemoImageGetsADistinctPictureInItsProportions() throws {
        let folder = PictureFolder()
        defer { folder.remove() }
        let records = DemoCatalog.records(count: 6, picturesDirectory: folder.path)
        let drawn = try DemoPictures.draw(records, engine: VipsPictureEngine()) { path, error in
            Issue.record("\(path): \(error)")
        }
        #expect(drawn == 6)
        var contents: Set<Data> = []
        for (index, record) in records.enumerated() {
            let path = try #require(record.path)
            #expect(path == folder.path + "/demo-\(index + 1).jpg")
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            let size = try #require(jpegSize(Array(bytes)), "\(path) is not a JPEG")
            #expect(size == DemoPictures.size(of: record))
            #expect(max(size.width, size.height) == DemoPictures.longEdge)
            contents.insert(bytes)
        }
        #expect(contents.count == 6, "every picture differs")
        // Drawn already: nothing is drawn twice.
        #expect(try DemoPictures.draw(records, engine: VipsPictureEngine()) { _, _ in } == 0)
    }

    @Test func neighbouringPatternsDiffer() {
        let patterns = (1...50).map(WavePattern.numbered)
        for (one, next) in zip(patterns, patterns.dropFirst()) { #expect(one != next) }
    }

    @Test func aServerSeededWithPicturesServesTheirThumbnailsAndLogsABadOne() async throws {
        let lines = Lock<[String]>([])
        let directory = TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var configuration = ServerConfiguration.forTests(directory: directory, demoImages: 4)
        configuration.demoPictures = true
        let app = try ChainServerApp(configuration: configuration, log: Logger(level: .warning) { line in
            lines.withLock { $0.append(line) }
        })
        defer { app.storage.close() }
        let created = await RouterInProcessTests.send(app, "POST", "/v1/sessions", json: [:])
        let token = try #require(created.body?["token"]?.stringValue)

        let answer = await RouterInProcessTests.sendRaw(app, "GET", "/v1/images/img-2/thumbnail", query: ["size": "128"], token: token)
        #expect(answer.status == 200)
        #expect(jpegSize(answer.body).map { max($0.width, $0.height) } == 128)

        // A demo picture damaged on disk: 404, one warning naming the image.
        let path = directory + "/demo-pictures/demo-3.jpg"
        try Data("damaged".utf8).write(to: URL(fileURLWithPath: path))
        let damaged = await RouterInProcessTests.send(app, "GET", "/v1/images/img-3/thumbnail", token: token)
        #expect(damaged.status == 404)
        let warnings = lines.withLock { $0 }.filter { $0.contains("thumbnail.unreadable") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("\"image\":\"img-3\"") == true, "\(warnings)")
    }

    @Test func aMissingDemoPictureIsDrawnAgainAtTheNextStart() throws {
        let directory = TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var configuration = ServerConfiguration.forTests(directory: directory, demoImages: 3)
        configuration.demoPictures = true
        try ChainServerApp(configuration: configuration, log: Logger(level: .error)).storage.close()
        let lost = directory + "/demo-pictures/demo-2.jpg"
        try FileManager.default.removeItem(atPath: lost)

        try ChainServerApp(configuration: configuration, log: Logger(level: .error)).storage.close()

        #expect(FileManager.default.fileExists(atPath: lost))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory + "/demo-pictures").sorted()
        #expect(names == ["demo-1.jpg", "demo-2.jpg", "demo-3.jpg"], "no partial files left")
    }
}
