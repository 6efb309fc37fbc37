import ChainModel
import ChainTestSupport
import Foundation
import Testing

@testable import ChainServer

/// `GET /v1/images/{id}/history` on a live server: what commands and undo record, paged
/// newest first, and bad requests answered as problems.
@Suite("History, live")
struct HistoryLiveTests {
    @Test func commandsAndUndoAreRecordedNewestFirstAndPaged() async throws {
        try await LiveServer.with { server in
            let a = try await server.client.createSession()
            let b = try await server.client.createSession()
            let was = try await a.rating(of: "img-2")
            try await a.rate(["img-1", "img-2"], was == 5 ? 4 : 5)
            let set = was == 5 ? 4 : 5
            try await b.rate(["img-2"], 2)
            let label = try await b.perform("setLabel", ["label": "red"])
            #expect(label.status == 200)

            let page = try await server.client.get("/v1/images/img-2/history", token: a.token)
            #expect(page.status == 200, "\(page.text.prefix(300))")
            let entries = try #require(page["history"]?.arrayValue)
            #expect(entries.count == 3)
            #expect(entries.map { $0["action"]?.stringValue } == ["setLabel", "setRating", "setRating"])
            #expect(entries.map { $0["session"]?.stringValue } == [b.id, b.id, a.id])
            #expect(entries.allSatisfy { $0["principal"] == "anonymous" })
            #expect(entries[0]["before"] == ["label": "none"] && entries[0]["after"] == ["label": "red"])
            #expect(entries[1]["before"] == ["rating": JSON.number(Double(set))] && entries[1]["after"] == ["rating": 2])
            #expect(entries[2]["before"] == ["rating": JSON.number(Double(was))])
            let time = try #require(entries[0]["time"]?.stringValue)
            #expect(time.count == 24 && time.hasSuffix("Z") && time.contains("."))
            #expect(page["next"] == nil || page["next"] == .null)

            // One at a time: the cursor leads to the older entries, the last page has none.
            var seen: [JSON] = []
            var path = "/v1/images/img-2/history?limit=1"
            while true {
                let one = try await server.client.get(path, token: a.token)
                #expect(one.status == 200)
                seen += one["history"]?.arrayValue ?? []
                guard let next = one["next"]?.stringValue else { break }
                path = "/v1/images/img-2/history?limit=1&after=\(next)"
            }
            #expect(seen == entries)

            // Undo records too, as `undo`, where it wrote.
            let undone = try await a.perform("undo")
            #expect(undone.status == 200)
            let first = try await server.client.get("/v1/images/img-1/history?limit=1", token: a.token)
            #expect(first["history"]?.arrayValue?.first?["action"] == "undo")
        }
    }

    @Test func badRequestsAreProblemsNeverFailures() async throws {
        try await LiveServer.with { server in
            let a = try await server.client.createSession()
            for (path, status) in [
                ("/v1/images/img-1/history?limit=0", 422), ("/v1/images/img-1/history?limit=x", 422),
                ("/v1/images/img-1/history?after=img-3", 422), ("/v1/images/img-1/history?after=h", 422),
                ("/v1/images/img-1/history?after=h0", 422), ("/v1/images/img-1/history?after=hzzzzzzzzzzzzz", 422),
                ("/v1/images/img-1/history?after=hA", 422),
                ("/v1/images/img-99999/history", 404), ("/v1/images/nope/history", 404),
            ] {
                let response = try await server.client.get(path, token: a.token)
                #expect(response.status == status, "\(path): \(response.text.prefix(200))")
                #expect(response.header("Content-Type")?.hasPrefix("application/problem+json") == true)
            }
            #expect(try await server.client.get("/v1/images/img-1/history").status == 401)
            // Any cursor of the documented form is accepted, whatever entry it names.
            let far = try await server.client.get("/v1/images/img-1/history?after=hzzzzzzzzzzzz", token: a.token)
            #expect(far.status == 200 && far["next"] == .null)
        }
    }
}
