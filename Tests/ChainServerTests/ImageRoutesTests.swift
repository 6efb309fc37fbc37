import ChainModel
import Foundation
import Testing

@testable import ChainServer

/// The catalog over HTTP, live: paging by cursor, the rating filter, the page cap and single images.
@Suite("Image routes, live")
struct ImageRoutesTests {
    /// Below the 60 demo images, so the cap shows.
    static let pageCap = 40

    static func withServer(_ body: (LiveServer, RemoteSession) async throws -> Void) async throws {
        try await LiveServer.withSession({ $0.maxPageSize = pageCap }, body)
    }

    /// Every page from the start, following `next`, with the query `extra` on each.
    static func allPages(_ session: RemoteSession, limit: Int, extra: String = "") async throws -> [[JSON]] {
        var pages: [[JSON]] = []
        var cursor: String?
        repeat {
            let query = "limit=\(limit)" + (cursor.map { "&after=\($0)" } ?? "") + extra
            let response = try await session.client.get("/v1/images?" + query, token: session.token)
            try #require(response.status == 200, "\(query): \(response.text)")
            pages.append(try #require(response["images"]?.arrayValue))
            cursor = response["next"]?.stringValue
            try #require(pages.count <= 100, "paging does not end")
        } while cursor != nil
        return pages
    }

    @Test func pagesAreDisjointOrderedAndCoverTheCatalog() async throws {
        try await Self.withServer { _, session in
            let first = try await session.client.get("/v1/images?limit=25", token: session.token)
            #expect(first.status == 200)
            #expect(first["next"] == "img-25")
            #expect(first["limit"] == 25)

            let pages = try await Self.allPages(session, limit: 25)

            #expect(pages.map(\.count) == [25, 25, 10])
            let ids = pages.flatMap { $0.compactMap { $0["id"]?.stringValue } }
            #expect(ids == imageIDs(1...60))
            #expect(Set(ids).count == ids.count)
        }
    }

    @Test func aPageIsStableAndNextIsNullOnTheLastPage() async throws {
        try await Self.withServer { _, session in
            let first = try await session.client.get("/v1/images?limit=25&after=img-25", token: session.token)
            let second = try await session.client.get("/v1/images?limit=25&after=img-25", token: session.token)
            #expect(first.status == 200)
            #expect(first.json == second.json)
            #expect(first["next"] == "img-50")
            #expect(first["images"]?.arrayValue?.first?["id"] == "img-26")

            let last = try await session.client.get("/v1/images?limit=25&after=img-50", token: session.token)
            #expect(last["images"]?.arrayValue?.count == 10)
            #expect(last["next"] == .null)

            let exact = try await session.client.get("/v1/images?limit=20&after=img-40", token: session.token)
            #expect(exact["images"]?.arrayValue?.count == 20)
            #expect(exact["next"] == .null)

            let beyond = try await session.client.get("/v1/images?after=img-60", token: session.token)
            #expect(beyond.status == 200)
            #expect(beyond["images"] == [])
            #expect(beyond["next"] == .null)
        }
    }

    /// Past `Int.max` too: a limit of any length above the cap is clamped, as the document says.
    @Test(arguments: ["100", "41", "100000", "9223372036854775808", "2106169634127270536806400"])
    func limitIsCapped(limit: String) async throws {
        try await Self.withServer { _, session in
            let response = try await session.client.get("/v1/images?limit=\(limit)", token: session.token)

            #expect(response.status == 200)
            #expect(response["images"]?.arrayValue?.count == Self.pageCap)
            #expect(response["limit"]?.intValue == Self.pageCap)
            #expect(response["next"]?.stringValue == "img-\(Self.pageCap)")
        }
    }

    @Test(arguments: ["0", "-1", "1.5", "1e3", "+5", "five", ""])
    func limitThatIsNotAPositiveIntegerIs422(limit: String) async throws {
        try await Self.withServer { _, session in
            let response = try await session.client.get("/v1/images?limit=\(limit)", token: session.token)

            expectProblem(response, 422, "invalid-argument")
            #expect(response["field"] == "limit")
        }
    }

    @Test func limitDefaultsTo100() async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()

            let response = try await session.client.get("/v1/images", token: session.token)

            #expect(response.status == 200)
            #expect(response["limit"] == 100)
            #expect(response["images"]?.arrayValue?.count == LiveServer.demoImages)
            #expect(response["next"] == .null)
        }
    }

    @Test
    func defaultLimitIsCappedToo() async throws {
        try await Self.withServer { _, session in
            let response = try await session.client.get("/v1/images", token: session.token)

            #expect(response.status == 200)
            #expect(response["images"]?.arrayValue?.count == Self.pageCap)
            #expect(response["limit"]?.intValue == Self.pageCap)
        }
    }

    @Test func minRatingFiltersEveryPage() async throws {
        try await Self.withServer { _, session in
            try await session.rate(["img-1", "img-7"], 5)
            try await session.rate(["img-2", "img-8"], 0)
            let everything = try await Self.allPages(session, limit: 40).flatMap { $0 }
            let expected = everything.filter { ($0["rating"]?.intValue ?? -1) >= 3 }.compactMap { $0["id"]?.stringValue }

            let pages = try await Self.allPages(session, limit: 7, extra: "&minRating=3")

            let ids = pages.flatMap { $0.compactMap { $0["id"]?.stringValue } }
            #expect(ids == expected)
            #expect(ids.contains("img-1") && ids.contains("img-7"))
            #expect(!ids.contains("img-2") && !ids.contains("img-8"))
            #expect(pages.flatMap { $0 }.allSatisfy { ($0["rating"]?.intValue ?? -1) >= 3 })
            #expect(pages.dropLast().allSatisfy { $0.count == 7 })
        }
    }

    @Test func showAnswersOneImageAsTheListingHasIt() async throws {
        try await Self.withServer { _, session in
            try await session.rate(["img-7"], 4)
            let listed = try await session.client.get("/v1/images?limit=1&after=img-6", token: session.token)

            let response = try await session.client.get("/v1/images/img-7", token: session.token)

            #expect(response.status == 200)
            #expect(response["id"] == "img-7")
            #expect(response["rating"] == 4)
            #expect(response["name"]?.stringValue?.isEmpty == false)
            #expect(response.json == listed["images"]?.arrayValue?.first)
        }
    }
}
