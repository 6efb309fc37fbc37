import ChainClient
import Foundation
import Testing

/// Commands through ChainClient: every form, conditions, dry runs, and retries that never
/// perform a command twice.
@Suite("ChainClient commands, live")
struct ChainCommandTests {
    static func undoDepth(_ session: ChainSession) async throws -> Int {
        try #require(try await session.state().window("main")?.undo).undoDepth
    }

    @Test func typedHelpersItemsIdentifiersKeysAndUndo() async throws {
        try await ClientTestServer.withSession { _, session in
            let selected = try await session.perform(.select(["img-1", "img-2"]))
            #expect(selected.handledBy == "main/grid")
            #expect(selected.session?.window("main")?.grid?.selection == ["img-1", "img-2"])

            let rated = try await session.perform(.setRating(5))
            #expect(rated.events.first?["type"]?.stringValue == "ratingChanged")
            #expect(try await session.image("img-1").rating == 5)
            try await session.perform(.setLabel(.red))
            try await session.perform(.setFlag(.pick))
            #expect(try await session.image("img-2").label == "red")
            #expect(try await session.image("img-2").flag == "pick")

            try await session.perform(.item("rating.2"))
            #expect(try await session.image("img-1").rating == 2)
            try await session.perform(.identifier("menu.setRating(\"rating\": 3)"))
            #expect(try await session.image("img-2").rating == 3)
            let pressed = try await session.press("4")
            #expect(pressed.resolvedBy?["menuItem"]?.stringValue == "rating.4")
            #expect(try await session.image("img-1").rating == 4)

            let depth = try await Self.undoDepth(session)
            let undone = try await session.perform(.undo())
            #expect(undone.session?.window("main")?.undo?.undoDepth == depth - 1)
            #expect(try await session.image("img-1").rating == 3)
            try await session.perform(.redo)
            #expect(try await session.image("img-1").rating == 4)

            try await session.perform(.openImage("img-1"))
            #expect(try await session.state().firstResponder == "main/grid/viewer")
            try await session.perform(.action("nextImage"))
            #expect(try await session.state().window("main")?.viewer?.image == "img-2")
            try await session.perform(.closeViewer.to("main/grid/viewer"))
            #expect(try await session.state().window("main")?.viewer?.image == nil)
        }
    }

    @Test func aBatchIsOneUndoStepAndADryRunChangesNothing() async throws {
        try await ClientTestServer.withSession { _, session in
            try await session.perform(.select(["img-4", "img-5", "img-6"]))
            let before = try await Self.undoDepth(session)
            let batch = try await session.perform(.batch([.setRating(5), .setFlag(.pick)], undoName: "Cull Pass"))
            #expect(batch.result.arrayValue?.count == 2)
            #expect(try await Self.undoDepth(session) == before + 1)
            #expect(try await session.state().window("main")?.undo?.undo == "Cull Pass")

            let tried = try await session.dryRun(.setRating(1))
            #expect(tried.dryRun && tried.enabled && tried.handledBy == "main/grid")
            #expect(tried.effects?["rating"]?["count"]?.intValue == 3)
            #expect(tried.effects?["rating"]?["after"]?["1"]?.intValue == 3)
            let key = try await session.dryRunKey("2")
            #expect(key.dryRun && key.action == "setRating")
            #expect(try await session.image("img-4").rating == 5)
            #expect(try await Self.undoDepth(session) == before + 1)
        }
    }

    @Test func ifMatchRefusesAStaleVersion() async throws {
        try await ClientTestServer.withSession { _, session in
            let version = try await session.state().version
            let rating = try await session.image("img-1").rating
            try await session.perform(.select(["img-1"]), ifMatch: version)
            let stale = await #expect(throws: ChainProblem.self) { try await session.perform(.setRating(rating == 5 ? 4 : 5), ifMatch: version) }
            #expect(stale?.kind == .preconditionFailed && stale?.status == 412)
            #expect(stale?["version"]?.intValue == version + 1)
            #expect(try await session.image("img-1").rating == rating)
        }
    }

    @Test func theSameIdempotencyKeyIsAnsweredAgainWithoutPerforming() async throws {
        try await ClientTestServer.withSession { _, session in
            try await session.perform(.select(["img-1"]))
            try await session.perform(.setRating(0))
            let first = try await session.perform(.increaseRating(), idempotencyKey: "k-1")
            let again = try await session.perform(.increaseRating(), idempotencyKey: "k-1")
            #expect(!first.replayed && again.replayed)
            #expect(first.session?.version == again.session?.version)
            #expect(try await session.image("img-1").rating == 1)
            let reused = await #expect(throws: ChainProblem.self) { try await session.perform(.decreaseRating(), idempotencyKey: "k-1") }
            #expect(reused?.kind == .idempotencyKeyReused)
        }
    }

    /// The proxy lets the server perform the command, then resets the connection before the
    /// answer reaches the client; the client sends it again with the same key, and the
    /// server answers that retry with its first answer.
    @Test func aCommandRetriedAfterAConnectionResetIsPerformedOnce() async throws {
        try await ClientTestServer.withSession { server, direct in
            let proxy = try ResettingProxy(to: server.port)
            defer { proxy.close() }
            let client = ChainClient(url: proxy.url, retry: RetryPolicy(attempts: 4, firstDelay: .milliseconds(50)))
            let session = client.session(id: direct.id, token: direct.token)
            try await session.perform(.select(["img-9"]))
            try await session.perform(.setRating(0))
            let before = try await Self.undoDepth(session)

            // On a fresh connection: on a kept-alive one, libcurl (FoundationNetworking) first
            // re-sends by itself and waits out the server's request timeout (10 s) before failing.
            proxy.dropAll()
            proxy.resetNextCommand()
            let answer = try await session.perform(.increaseRating())
            #expect(proxy.resets == 1)
            #expect(answer.replayed)
            #expect(try await Self.undoDepth(session) == before + 1)
            #expect(try await direct.image("img-9").rating == 1)
        }
    }
}
