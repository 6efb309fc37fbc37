import ChainModel
import Foundation
import Testing

@testable import ChainServer

/// `GET /v1/images?offset=`: a page under any scroll position, and `total`, through the
/// router in process (no sockets).
@Suite("Image pages by offset, in process")
struct ImageOffsetTests {
    static func page(_ app: ChainServerApp, _ token: String, _ query: [String: String]) async -> (status: Int, body: JSON?) {
        await RouterInProcessTests.send(app, "GET", "/v1/images", query: query, token: token)
    }

    static func token(_ app: ChainServerApp) async throws -> String {
        let created = await RouterInProcessTests.send(app, "POST", "/v1/sessions", json: [:])
        return try #require(created.body?["token"]?.stringValue)
    }

    @Test func anOffsetPageStartsThereAndCarriesTheTotal() async throws {
        try await RouterInProcessTests.withApp(images: 30) { app in
            let token = try await Self.token(app)
            let answer = await Self.page(app, token, ["offset": "10", "limit": "5"])
            #expect(answer.status == 200)
            let ids = answer.body?["images"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
            #expect(ids == ["img-11", "img-12", "img-13", "img-14", "img-15"])
            #expect(answer.body?["total"] == 30)
            #expect(answer.body?["next"] == "img-15")

            let end = await Self.page(app, token, ["offset": "28", "limit": "5"])
            #expect(end.body?["images"]?.arrayValue?.count == 2)
            #expect(end.body?["next"] == .null)
            let beyond = await Self.page(app, token, ["offset": "500"])
            #expect(beyond.status == 200)
            #expect(beyond.body?["images"]?.arrayValue?.isEmpty == true)
        }
    }

    @Test func aFilteredPageSkipsWithinTheFilterAndHasNoTotal() async throws {
        try await RouterInProcessTests.withApp(images: 30) { app in
            let token = try await Self.token(app)
            let all = await Self.page(app, token, ["minRating": "1", "limit": "40"])
            let rated = all.body?["images"]?.arrayValue ?? []
            try #require(rated.count > 3)
            let skipped = await Self.page(app, token, ["minRating": "1", "offset": "2", "limit": "1"])
            #expect(skipped.body?["images"]?.arrayValue?.first == rated[2])
            #expect(skipped.body?["total"] == nil)
        }
    }

    @Test func aBadOffsetOrOneWithACursorIs422() async throws {
        try await RouterInProcessTests.withApp(images: 5) { app in
            let token = try await Self.token(app)
            for query in [["offset": "-1"], ["offset": "ten"], ["offset": "100000001"], ["offset": "2", "after": "img-1"]] {
                let answer = await Self.page(app, token, query)
                #expect(answer.status == 422, "\(query)")
                #expect(answer.body?["field"] == "offset", "\(query)")
            }
        }
    }
}
