import ChainModel
import ChainService
import ChainSupport
import Foundation
import Testing

/// The presence board: entries from sessions' models, flushes that carry the latest entries at
/// most once an interval and nothing while nobody moves, and entries other instances relay.
@Suite("PresenceBoard")
struct PresenceBoardTests {
    /// A board whose flushes are kept, and waited for.
    final class Flushes: Sendable {
        let board = PresenceBoard(interval: .milliseconds(40))
        let seen = Lock<[PresenceBoard.Flush]>([])

        init() {
            board.onFlush { [weak self] flush in self?.seen.withLock { $0.append(flush) } }
        }

        func next(after count: Int) async throws -> PresenceBoard.Flush? {
            for _ in 0..<100 {
                if let flush = seen.withLock({ $0.count > count ? $0[count] : nil }) { return flush }
                try await Task.sleep(for: .milliseconds(10))
            }
            return nil
        }

        var count: Int { seen.withLock { $0.count } }
    }

    static func session(_ id: String, showing image: Int? = nil) -> LiveSession {
        var model = Session()
        if let image { model.show(ImageID(Int64(image)), inViewer: "main/grid/viewer") }
        return LiveSession(id: id, tokenDigest: SessionToken.digest(of: id), now: .now, model: model)
    }

    @Test func changesInOneIntervalGoOutTogetherWithTheLatestEntry() async throws {
        let flushes = Flushes()
        let alice = Self.session("alice")
        flushes.board.joined(alice)
        var model = try #require(alice.snapshot)
        #expect(model.peers?.session == "alice")
        for image in 1...3 {
            model.show(ImageID(Int64(image)), inViewer: "main/grid/viewer")
            alice.model = model
            flushes.board.update(alice)
        }
        let flush = try #require(try await flushes.next(after: 0))
        #expect(flush.changed.map(\.session) == ["alice"])
        #expect(flush.changed.first?.shows == ImageID(3))
        #expect(flush.local == ["alice"])
        #expect(flushes.board.image(shownBy: "alice") == ImageID(3))

        // The same model again is no change: no flush follows.
        flushes.board.update(alice)
        try await Task.sleep(for: .milliseconds(150))
        #expect(flushes.count == 1)
    }

    @Test func aSessionHeldByTwoOtherInstancesLeavesWhenNeitherHoldsIt() async throws {
        let flushes = Flushes()
        let entry = PresenceEntry(session: "bob", principal: "bob", shows: ImageID(4), windows: [])
        flushes.board.heard("bob", entry, from: "b")
        flushes.board.heard("bob", entry, from: "c")
        #expect(try await flushes.next(after: 0)?.changed == [entry])
        #expect(flushes.board.isLive("bob"))
        flushes.board.heard("bob", nil, from: "b")
        try await Task.sleep(for: .milliseconds(120))
        #expect(flushes.count == 1)
        #expect(flushes.board.entries.sessions == [entry])
        flushes.board.heard("bob", nil, from: "c")
        let left = try #require(try await flushes.next(after: 1))
        #expect(left.left == ["bob"])
        #expect(left.local.isEmpty)
        #expect(!flushes.board.isLive("bob"))
    }

    @Test func anEntryReadsBackFromItsJSON() throws {
        let alice = Self.session("alice", showing: 9)
        let entry = PresenceEntry(session: "alice", principal: .anonymous, model: try #require(alice.snapshot))
        #expect(entry.windows.first?.firstResponder == "main/grid")
        #expect(PresenceEntry(json: try JSONParser.parse(entry.encoded())) == entry)
    }
}
