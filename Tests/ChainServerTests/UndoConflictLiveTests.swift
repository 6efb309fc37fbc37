import ChainModel
import ChainTestSupport
import Foundation
import Testing

@testable import ChainServer

/// Two editors on one server: an undo leaves what the other changed since, says so, and
/// "Undo Anyway" writes it; the remainder survives a restart.
@Suite("Undo that respects others, live")
struct UndoConflictLiveTests {
    @Test func anUndoLeavesAnotherEditorsDecisionAndForceOverridesIt() async throws {
        let directory = TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let before: [Int]
        let a: RemoteSession
        do {
            let server = try LiveServer(dataDirectory: directory)
            defer { server.stop() }
            a = try await server.client.createSession()
            let b = try await server.client.createSession()
            before = try await a.ratings(of: ["img-1", "img-2"])
            try await a.rate(["img-1", "img-2"], 5)
            try await b.rate(["img-2"], 2)

            let undone = try await a.perform("undo")
            #expect(undone.status == 200, "\(undone.text.prefix(300))")
            // At the answer's top level, naming who made the value found (in `open` mode every
            // client is the anonymous editor).
            #expect(undone["conflicts"] == [["image": "img-2", "attribute": "rating", "expected": 5, "found": 2, "by": "anonymous"]])
            #expect(undone["result"]?["conflicts"] == nil)
            #expect(try await a.ratings(of: ["img-1", "img-2"]) == [before[0], 2])
            let menu = try #require(try await a.menu().json)
            #expect(menu.menuItem("undo")?["enabled"] == false)
        }
        // The remainder is stored: after a restart Undo Anyway still writes it.
        let server = try LiveServer(dataDirectory: directory)
        defer { server.stop() }
        let restored = RemoteSession(id: a.id, token: a.token, client: server.client)
        let forced = try await restored.command(["action": "undo", "args": ["force": true]])
        #expect(forced.status == 200, "\(forced.text.prefix(300))")
        #expect(forced["conflicts"] == nil)
        #expect(try await restored.ratings(of: ["img-1", "img-2"]) == before)
    }
}
