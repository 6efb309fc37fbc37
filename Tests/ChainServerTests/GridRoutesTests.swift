import ChainModel
import ChainTestSupport
import Foundation
import Testing

@testable import ChainServer

/// The working set, live: `GET …/grid` pages a grid's working set in its order with an
/// `ETag`, the session object shows each grid's view and total, and `view` events reach
/// streams when the set changes, from the session's own commands or another session's commits.
@Suite("The working set, live")
struct GridRoutesTests {
    static func server(_ body: (LiveServer, RemoteSession) async throws -> Void) async throws {
        try await LiveServer.withSession({ $0.demoImages = 60 }, body)
    }

    static func page(_ session: RemoteSession, _ query: String, headers: [String: String] = [:]) async throws -> LiveResponse {
        try await session.client.send("GET", session.path + "/grid" + query, token: session.token, headers: headers)
    }

    @Test func pagesTheWorkingSetInOrderWithItsTotal() async throws {
        try await Self.server { _, session in
            let all = try await Self.page(session, "?window=main&limit=7")
            try #require(all.status == 200, "\(all.text.prefix(300))")
            #expect(all["total"] == 60)
            #expect(all["offset"] == 0)
            #expect(all["images"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == (1...7).map { "img-\($0)" })

            try await session.rate(["img-3", "img-9", "img-20"], 0)
            try await session.rate(["img-4", "img-40"], 5)
            let filtered = try await session.perform("setFilter", ["filter": ["minRating": 1]])
            let total = try #require(filtered["result"]?["total"]?.intValue)
            let grid = filtered["session"]?["windows"]?.arrayValue?.first?["grid"]
            #expect(grid?["view"]?["filter"] == ["minRating": 1])
            #expect(grid?["total"]?.intValue == total)
            try await session.perform("setSort", ["by": "rating", "order": "desc"])

            var seen: [JSON] = []
            var offset = 0
            while offset < total {
                let page = try await Self.page(session, "?limit=25&offset=\(offset)")
                try #require(page.status == 200, "\(page.text.prefix(300))")
                #expect(page["total"]?.intValue == total)
                #expect(page["offset"]?.intValue == offset)
                seen += page["images"]?.arrayValue ?? []
                offset += 25
            }
            #expect(seen.count == total)
            let ids = seen.compactMap { $0["id"]?.stringValue }
            #expect(Set(ids).isDisjoint(with: ["img-3", "img-9", "img-20"]))
            let fives = seen.filter { $0["rating"] == 5 }.compactMap { $0["id"]?.stringValue }
            #expect(Set(["img-4", "img-40"]).isSubset(of: fives))
            #expect(fives == fives.sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }, "ties by id")
            let ratings = seen.compactMap { $0["rating"]?.intValue }
            #expect(ratings == ratings.sorted(by: >))
            #expect(try await Self.page(session, "?offset=1000")["images"] == [])
        }
    }

    @Test func anETagAnswers304UntilTheSetOrItsValuesChange() async throws {
        try await Self.server { _, session in
            try await session.perform("setFilter", ["filter": ["flags": ["none"]]])
            let first = try await Self.page(session, "?limit=5")
            let tag = try #require(first.header("ETag"))
            #expect(try await Self.page(session, "?limit=5", headers: ["If-None-Match": tag]).status == 304)
            try await session.perform("select", ["images": ["img-2"]])
            try await session.perform("setFlag", ["flag": "reject"])
            let after = try await Self.page(session, "?limit=5", headers: ["If-None-Match": tag])
            #expect(after.status == 200)
            #expect(after["images"]?.arrayValue?.contains { $0["id"] == "img-2" } == false)
            #expect(after.header("ETag") != tag)
        }
    }

    @Test func badQueriesAreRefusedAndChangeNothing() async throws {
        try await Self.server { server, session in
            try await session.perform("newWindow", ["kind": "viewer", "image": "img-3"])
            expectProblem(try await Self.page(session, "?offset=-1"), 422, "invalid-argument")
            expectProblem(try await Self.page(session, "?offset=ten"), 422, "invalid-argument")
            expectProblem(try await Self.page(session, "?limit=0"), 422, "invalid-argument")
            expectProblem(try await Self.page(session, "?limit=x"), 422, "invalid-argument")
            expectProblem(try await Self.page(session, "?after=img-1"), 422, "invalid-argument")
            expectProblem(try await Self.page(session, "?window=nope"), 404, "not-found")
            expectProblem(try await Self.page(session, "?window=w2"), 404, "not-found")
            let other = try await server.client.createSession()
            expectProblem(try await server.client.get(session.path + "/grid", token: other.token), 401, "unauthorized")
            #expect(try await Self.page(session, "?window=main")["total"] == 60)
        }
    }

    @Test func aBadFilterOrSortIs422AndChangesNothing() async throws {
        try await Self.server { _, session in
            let before = try await session.state()
            for args: JSON in [["filter": ["minRating": 9]], ["filter": ["labels": ["pink"]]], ["filter": ["flags": []]], [:]] {
                expectProblem(try await session.command(["action": "setFilter", "args": args]), 422, "invalid-argument")
            }
            for args: JSON in [["by": "size"], ["by": "name", "order": "up"], [:]] {
                expectProblem(try await session.command(["action": "setSort", "args": args]), 422, "invalid-argument")
            }
            #expect(try await session.state()["version"] == before["version"])
        }
    }

    @Test func theViewSurvivesARestartAndShowsInTheMenu() async throws {
        try await LiveServer.acrossRestart(before: { _, session in
            try await session.perform("setFilter", ["filter": ["flags": ["none", "pick"]]])
            try await session.perform("setSort", ["by": "name"])
        }, after: { _, again in
            let grid = try await again.state()["windows"]?.arrayValue?.first?["grid"]
            #expect(grid?["view"] == ["filter": ["flags": ["none", "pick"]], "sort": ["by": "name", "order": "asc"]])
            let menu = try #require(try await again.menu().json)
            #expect(menu.menuItem("show.hideRejects")?["state"] == "on")
            #expect(menu.menuItem("show.all")?["state"] == "off")
            #expect(menu.menuItem("sortBy.name")?["state"] == "on")
            let names = try await Self.page(again, "?limit=60")["images"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
            #expect(names.count == 60)
            #expect(names == names.sorted())
        })
    }

    @Test func viewEventsFollowOwnCommandsAndOtherSessionsCommits() async throws {
        try await Self.server { server, session in
            let stream = try EventStreamClient.open(server, session)
            defer { stream.close() }
            _ = try await stream.event("hello")
            let filtered = try await session.perform("setFilter", ["filter": ["flags": ["pick"]]])
            let own = try await stream.event("view")
            #expect(own["window"] == "main")
            #expect(own["total"] == 0)
            #expect(filtered["result"]?["total"] == 0)

            let other = try await server.client.createSession()
            try await other.perform("select", ["images": ["img-5", "img-6"]])
            try await other.perform("setFlag", ["flag": "pick"])
            let theirs = try await stream.event("view")
            #expect(theirs["total"] == 2)
            let etag = try #require(theirs["etag"]?.stringValue)
            let page = try await Self.page(session, "")
            #expect(page["images"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["img-5", "img-6"])
            #expect(page.header("ETag")?.contains(etag) == true)
        }
    }
}
