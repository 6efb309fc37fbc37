import ChainService
import ChainStorage
import Foundation
import Testing

@testable import ChainServer

/// Encoded image pages kept per committed catalog version: served while the catalog stands,
/// never after a write, an undo or another session's write has moved it.
@Suite("Image page cache")
struct ImagePageCacheTests {
    @Test func aPageIsServedOnlyAtTheVersionItWasReadAt() {
        let cache = PageCache<ImageQuery>()
        let query = ImageQuery(limit: 101)
        #expect(cache.page(query, at: 1) == nil)
        cache.keep([1, 2, 3], for: query, at: 1)
        #expect(cache.page(query, at: 1) == [1, 2, 3])
        #expect(cache.page(query, at: 2) == nil)
        #expect(cache.page(ImageQuery(limit: 11), at: 1) == nil)
        cache.keep([4], for: query, at: 3)
        cache.keep([9], for: query, at: 2)  // read before the newer one: not kept over it
        #expect(cache.page(query, at: 3) == [4])
        #expect(cache.page(query, at: 2) == nil)
    }

    @Test func theLeastRecentlyUsedPageGoesFirst() {
        let cache = PageCache<ImageQuery>(capacity: 2)
        let (a, b, c) = (ImageQuery(limit: 1), ImageQuery(limit: 2), ImageQuery(limit: 3))
        cache.keep([1], for: a, at: 1)
        cache.keep([2], for: b, at: 1)
        _ = cache.page(a, at: 1)
        cache.keep([3], for: c, at: 1)
        #expect(cache.page(a, at: 1) == [1])
        #expect(cache.page(b, at: 1) == nil)
        #expect(cache.page(c, at: 1) == [3])
    }

    /// Ratings of `ids` on the first page, as `GET /v1/images` answers now.
    static func ratings(_ app: ChainServerApp, _ token: String, _ query: [String: String] = ["limit": "10"]) async -> [Int] {
        let page = await RouterInProcessTests.send(app, "GET", "/v1/images", query: query, token: token)
        return page.body?["images"]?.arrayValue?.compactMap { $0["rating"]?.intValue } ?? []
    }

    @Test func aPageIsNeverStaleAfterACommandAnUndoOrAnotherSessionsWrite() async throws {
        try await RouterInProcessTests.withApp(images: 20) { app in
            let first = await RouterInProcessTests.send(app, "POST", "/v1/sessions")
            let second = await RouterInProcessTests.send(app, "POST", "/v1/sessions")
            let id = try #require(first.body?["id"]?.stringValue)
            let token = try #require(first.body?["token"]?.stringValue)
            let otherID = try #require(second.body?["id"]?.stringValue)
            let otherToken = try #require(second.body?["token"]?.stringValue)
            let commands = "/v1/sessions/\(id)/commands"

            let before = await Self.ratings(app, token)
            #expect(await Self.ratings(app, token) == before)  // the kept page, the same bytes

            _ = await RouterInProcessTests.send(app, "POST", commands, json: ["action": "select", "args": ["images": ["img-1", "img-2"]]], token: token)
            let rated = await RouterInProcessTests.send(app, "POST", commands, json: ["action": "setRating", "args": ["rating": 5]], token: token)
            #expect(rated.status == 200)
            let after = await Self.ratings(app, token)
            #expect(Array(after.prefix(2)) == [5, 5])
            #expect(Array(after.dropFirst(2)) == Array(before.dropFirst(2)))

            let undone = await RouterInProcessTests.send(app, "POST", commands, json: ["action": "undo"], token: token)
            #expect(undone.status == 200)
            #expect(await Self.ratings(app, token) == before)

            let others = "/v1/sessions/\(otherID)/commands"
            _ = await RouterInProcessTests.send(app, "POST", others, json: ["action": "select", "args": ["images": ["img-3"]]], token: otherToken)
            _ = await RouterInProcessTests.send(app, "POST", others, json: ["action": "setRating", "args": ["rating": 0]], token: otherToken)
            let seenByFirst = await Self.ratings(app, token)
            #expect(seenByFirst[2] == 0)
            #expect(await Self.ratings(app, token, ["limit": "10", "minRating": "0"]) == seenByFirst)
        }
    }
}
