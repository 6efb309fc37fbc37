import ChainClient
import Foundation
import Testing

/// Sessions and the reads under them, through ChainClient against a live server.
@Suite("ChainClient sessions and reads, live")
struct ChainSessionTests {
    @Test func opensResumesAndDeletesASession() async throws {
        try await ClientTestServer.with { _, client in
            #expect(try await client.health() == "ok")
            let session = try await client.openSession()
            let state = try await session.state()
            #expect(state.id == session.id)
            #expect(state.firstResponder == "main/grid")
            #expect(state.chain.last == "app")
            #expect(state.window("main")?.kind == "browser")

            let (resumed, again) = try await client.resumeSession(id: session.id, token: session.token)
            #expect(resumed.id == session.id && again.version == state.version)

            try await session.delete()
            let gone = await #expect(throws: ChainProblem.self) { try await session.state() }
            #expect(gone?.status == 404 || gone?.status == 401)
            let wrongToken = client.session(id: session.id, token: "nope")
            let refused = await #expect(throws: ChainProblem.self) { try await wrongToken.state() }
            #expect(refused?.kind == .unauthorized || refused?.kind == .notFound)
        }
    }

    @Test func readsTheMenuKeysAndContextMenuTyped() async throws {
        try await ClientTestServer.withSession { _, session in
            try await session.perform(.select(["img-1", "img-2"]))
            let menu = try await session.menu()
            #expect(menu.firstResponder == "main/grid")
            let five = try #require(menu.item("rating.5"))
            #expect(five.action == "setRating" && five.args?["rating"]?.intValue == 5)
            #expect(five.enabled == true && five.target == "main/grid")
            #expect(["on", "off", "mixed"].contains(five.state ?? ""))
            let explained = try await session.menu(explain: true)
            #expect(explained.item("rating.5")?.trace?.isEmpty == false)

            let keys = try await session.keys()
            #expect(keys.keys.contains { $0.key == "5" && $0.action == "setRating" })
            #expect(keys.keys.contains { $0.source == "binding" })

            let context = try await session.contextMenu(responder: "main/grid", image: "img-7")
            #expect(context.responder == "main/grid" && context.image == "img-7")
            #expect(!context.items.isEmpty)
        }
    }

    @Test func conditionalReadsAnswerNilWhenNothingChanged() async throws {
        try await ClientTestServer.withSession { _, session in
            let first = try #require(try await session.state(ifNoneMatch: "\"none\""))
            let tag = try #require(first.etag)
            #expect(try await session.state(ifNoneMatch: tag) == nil)
            try await session.perform(.select(["img-3"]))
            let changed = try #require(try await session.state(ifNoneMatch: tag))
            #expect(changed.0.window("main")?.grid?.selection == ["img-3"])
            #expect(changed.etag != nil && changed.etag != tag)
            let menu = try #require(try await session.menu(ifNoneMatch: "\"stale\""))
            #expect(try await session.menu(ifNoneMatch: try #require(menu.etag)) == nil)
        }
    }

    @Test func watchesAreDeclaredAndValidated() async throws {
        try await ClientTestServer.withSession { _, session in
            let declared = try await session.watch([WatchedControl(id: "tb.pick", action: "setFlag", args: ["flag": "pick"])])
            #expect(declared.items.map(\.id) == ["tb.pick"])
            #expect(declared.items.first?.enabled == false)
            try await session.perform(.select(["img-1"]))
            let now = try await session.watches()
            #expect(now.items.first?.enabled == true && now.items.first?.target == "main/grid")
        }
    }

    @Test func pagesImagesSelectionAndTheWorkingSet() async throws {
        try await ClientTestServer.withSession { _, session in
            let first = try await session.images(limit: 25)
            #expect(first.images.count == 25)
            let cursor = try #require(first.next)
            let second = try await session.images(limit: 25, after: cursor)
            #expect(Set(first.images.map(\.id)).isDisjoint(with: second.images.map(\.id)))
            let image = try await session.image("img-1")
            #expect(image.id == "img-1" && image.label == "none" && image.flag == "none")

            try await session.perform(.selectAll)
            let selection = try await session.selection(limit: 10)
            #expect(selection.selection.count == 10 && selection.next != nil)
            let grid = try await session.grid(offset: 5, limit: 7)
            #expect(grid.offset == 5 && grid.images.count == 7 && grid.total == 60)

            let rated = try await session.images(minRating: 4)
            #expect(!rated.images.isEmpty && rated.images.allSatisfy { $0.rating >= 4 })
            let missing = await #expect(throws: ChainProblem.self) { try await session.image("img-999999") }
            #expect(missing?.kind == .notFound)
        }
    }
}

@Suite("ChainClient pictures, live")
struct ChainPictureTests {
    @Test func thumbnailsPreviewsAndRegionsAreJPEGs() async throws {
        try await ClientTestServer.withSession({ $0.demoPictures = true }) { _, session in
            let jpeg: [UInt8] = [0xFF, 0xD8]
            let thumbnail = try await session.thumbnail("img-1", size: 128)
            let preview = try await session.preview("img-1", size: 512)
            let region = try await session.region("img-1", x: 0, y: 0, width: 32, height: 32)
            #expect(Array(thumbnail.prefix(2)) == jpeg)
            #expect(Array(preview.prefix(2)) == jpeg)
            #expect(Array(region.prefix(2)) == jpeg)
            let tooSmall = await #expect(throws: ChainProblem.self) { try await session.thumbnail("img-1", size: 3) }
            #expect(tooSmall?.status == 422 || tooSmall?.status == 400)
        }
    }
}
