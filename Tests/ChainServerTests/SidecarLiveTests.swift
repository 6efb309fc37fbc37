import ChainConfig
import ChainModel
import ChainSidecars
import ChainStorage
import ChainTestSupport
import Foundation
import Testing

@testable import ChainServer

/// `catalog.xmpSidecars`, live: committed ratings, labels and flags reach XMP sidecars beside
/// the image files after the command is answered; a sidecar that cannot be written is
/// logged and counted and fails nothing; a stopping server writes what is still waiting.
@Suite("XMP sidecars, live")
struct SidecarLiveTests {
    /// A server on a catalog of `names` in a fresh folder (img-1, img-2, … in that order),
    /// with sidecars on. Files are made only for names not starting with `missing/`.
    static func withCatalog(
        _ names: [String], _ body: (LiveServer, RemoteSession, String) async throws -> Void
    ) async throws {
        let folder = TemporaryDirectory.make()
        let data = TemporaryDirectory.make()
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: data)
        }
        var configuration = ServerConfiguration()
        configuration.dataDirectory = data
        let storage = try configuration.openStorage()
        for name in names where !name.hasPrefix("missing/") {
            try TemporaryDirectory.write(ImageFixtures.jpeg(width: 60, height: 40), to: folder + "/" + name)
        }
        #expect(try storage.insert(names.map { ImageRecord(name: $0, path: folder + "/" + $0) }) == names.count)
        storage.close()
        let server = try LiveServer(dataDirectory: data) { configuration in
            configuration.demoImages = 0
            configuration.xmpSidecars = true
        }
        defer { server.stop() }
        try await body(server, try await server.client.createSession(), folder)
    }

    /// The sidecar's values once `predicate` holds for them, waiting up to five seconds.
    static func sidecar(of path: String, until predicate: (AttributeValues?) -> Bool) async throws -> AttributeValues? {
        var values: AttributeValues?
        for _ in 0..<100 {
            values = try? XMPSidecarStore().values(besides: path)
            if predicate(values) { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        return values
    }

    @Test func committedChangesReachTheSidecarsBesideTheFiles() async throws {
        try await Self.withCatalog(["DSC_0001.NEF", "DSC_0002.jpg"]) { server, session, folder in
            try await session.perform("select", ["images": ["img-1"]])
            try await session.perform("setRating", ["rating": 5])
            try await session.perform("setLabel", ["label": "red"])
            try await session.perform("select", ["images": ["img-2"]])
            try await session.perform("setRating", ["rating": 3])
            try await session.perform("setFlag", ["flag": "reject"])

            let first = try await Self.sidecar(of: folder + "/DSC_0001.NEF") { $0?[ColorLabel.self] == .red }
            #expect(first?[Rating.self] == Rating(5))
            #expect(first?[ColorLabel.self] == .red)
            #expect(FileManager.default.fileExists(atPath: folder + "/DSC_0001.NEF.xmp"))
            let second = try await Self.sidecar(of: folder + "/DSC_0002.jpg") { $0?[Flag.self] == .reject }
            #expect(second?[Flag.self] == .reject)
            #expect(second?[Rating.self] == Rating(3))
            let xml = try String(contentsOfFile: folder + "/DSC_0002.jpg.xmp", encoding: .utf8)
            #expect(xml.contains("xmp:Rating=\"-1\"") || xml.contains("<xmp:Rating>-1</xmp:Rating>"), "\(xml)")

            // Undo writes the values back, and the sidecar follows.
            try await session.perform("undo")
            let undone = try await Self.sidecar(of: folder + "/DSC_0002.jpg") { $0?[Flag.self] == Flag.none || $0?[Flag.self] == nil }
            #expect(undone?[Rating.self] == Rating(3))
            let metrics = try await server.client.metrics()
            #expect((metricValue(metrics, "chain_sidecars_written_total") ?? 0) >= 2)
            #expect(metricValue(metrics, "chain_sidecars_failed_total") == 0)
            // Nothing but the images and their sidecars in the folder: no temporary files.
            let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            #expect(files == ["DSC_0001.NEF", "DSC_0001.NEF.xmp", "DSC_0002.jpg", "DSC_0002.jpg.xmp"])
        }
    }

    @Test func aSidecarThatCannotBeWrittenIsCountedAndFailsNothing() async throws {
        try await Self.withCatalog(["missing/gone.jpg", "here.jpg"]) { server, session, folder in
            try await session.perform("select", ["images": ["img-1", "img-2"]])
            let answer = try await session.command(["action": "setRating", "args": ["rating": 4]])
            #expect(answer.status == 200)
            _ = try await Self.sidecar(of: folder + "/here.jpg") { $0?[Rating.self] == Rating(4) }
            var failed: Double?
            for _ in 0..<100 {
                failed = metricValue(try await server.client.metrics(), "chain_sidecars_failed_total")
                if failed == 1 { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(failed == 1)
            #expect(try XMPSidecarStore().values(besides: folder + "/here.jpg")?[Rating.self] == Rating(4))
            // The rating itself committed.
            let image = try #require(try await server.client.send("GET", "/v1/images/img-1", token: session.token).json)
            #expect(image["rating"] == 4)
        }
    }

    @Test func aStoppingServerWritesTheSidecarsStillWaiting() async throws {
        let names = (1...40).map { "IMG_\($0).jpg" }
        try await Self.withCatalog(names) { server, session, folder in
            try await session.perform("selectAll")
            try await session.perform("setRating", ["rating": 2])
            try await session.perform("setLabel", ["label": "green"])
            server.app.stop(grace: .seconds(5))
            for name in names {
                let values = try XMPSidecarStore().values(besides: folder + "/" + name)
                #expect(values?[ColorLabel.self] == .green, "\(name)")
                #expect(values?[Rating.self] == Rating(2), "\(name)")
            }
        }
    }
}
