import ChainModel
import Foundation
import Testing

@testable import ChainServer

/// Large selections, live: a session object lists at most 1,000 selected ids with the
/// count, no answer or event lists more than 1,000 images, and `GET …/selection` pages the
/// whole selection in order.
@Suite("Large selections, live")
struct SelectionRoutesTests {
    static let catalogSize = 2_500

    static func server(_ body: (LiveServer, RemoteSession) async throws -> Void) async throws {
        try await LiveServer.withSession({ $0.demoImages = catalogSize }, body)
    }

    @Test func sessionAndEventsListAtMostAThousandImages() async throws {
        try await Self.server { _, session in
            let selected = try await session.perform("selectAll")
            let grid = selected["session"]?["windows"]?.arrayValue?.first?["grid"]
            #expect(grid?["selection"]?.arrayValue?.count == 1_000)
            #expect(grid?["selectionCount"]?.intValue == Self.catalogSize)
            #expect(grid?["selectionTruncated"] == true)
            let changed = selected["events"]?.arrayValue?.first
            #expect(changed?["count"]?.intValue == Self.catalogSize)
            #expect(changed?["truncated"] == true)
            #expect(changed?["selection"]?.arrayValue?.count == 1_000)

            let rated = try await session.perform("setRating", ["rating": 5])
            #expect(rated["result"]?["count"]?.intValue == Self.catalogSize)
            let event = rated["events"]?.arrayValue?.first
            #expect(event?["type"] == "ratingChanged")
            #expect(event?["count"]?.intValue == Self.catalogSize)
            #expect(event?["truncated"] == true)
            #expect(event?["images"]?.arrayValue?.count == 1_000)
            #expect(try await session.rating(of: "img-2500") == 5)

            let undone = try await session.perform("undo")
            #expect(undone["events"]?.arrayValue?.first?["images"]?.arrayValue?.count == 1_000)
            #expect(try await session.menu().json?.menuItem("rating.5")?["state"] == "mixed")
        }
    }

    @Test func aSmallSelectionIsListedWhole() async throws {
        try await Self.server { _, session in
            let answer = try await session.perform("select", ["images": ["img-9", "img-3"]])
            let grid = answer["session"]?["windows"]?.arrayValue?.first?["grid"]
            #expect(grid?["selection"] == ["img-9", "img-3"])
            #expect(grid?["selectionCount"] == 2)
            #expect(grid?["selectionTruncated"] == false)
        }
    }

    @Test func theSelectionPagesInSelectionOrder() async throws {
        try await Self.server { _, session in
            let chosen = (1...1_200).map { "img-\(2_501 - $0)" }  // descending: selection order, not id order
            try await session.perform("select", ["images": .array(chosen.map(JSON.string))])
            var seen: [String] = []
            var after: String?
            var pages = 0
            repeat {
                let query = "?limit=500" + (after.map { "&after=\($0)" } ?? "")
                let page = try await session.client.get(session.path + "/selection" + query, token: session.token)
                try #require(page.status == 200, "\(page.text.prefix(300))")
                seen += page["selection"]?.strings ?? []
                after = page["next"]?.stringValue
                pages += 1
            } while after != nil && pages < 10
            #expect(pages == 3)
            #expect(seen == chosen)
        }
    }

    @Test func theSelectionOfANamedWindowAndItsErrors() async throws {
        try await Self.server { server, session in
            try await session.perform("select", ["images": ["img-1", "img-2"]])
            try await session.perform("newWindow", ["kind": "browser"])
            try await session.perform("select", ["images": ["img-7"]])
            try await session.perform("newWindow", ["kind": "viewer", "image": "img-3"])
            let get = { (query: String) in try await server.client.get(session.path + "/selection" + query, token: session.token) }

            #expect(try await get("?window=main")["selection"] == ["img-1", "img-2"])
            #expect(try await get("?window=w2")["selection"] == ["img-7"])
            #expect(try await get("")["selection"] == ["img-1", "img-2"], "the key window is a viewer: the first browser's")
            expectProblem(try await get("?window=nope"), 404, "not-found")
            expectProblem(try await get("?window=main&after=nine"), 422, "invalid-argument")
            expectProblem(try await get("?window=main&limit=0"), 422, "invalid-argument")
            let other = try await server.client.createSession()
            expectProblem(try await server.client.get(session.path + "/selection", token: other.token), 401, "unauthorized")
        }
    }

    /// A viewer window, or a cursor not in the selection, is a well-formed name of nothing there:
    /// 404 naming it, as an unknown window is, not 422 (the request is not malformed; the session
    /// changed under it).
    @Test func aViewerWindowOrACursorNotInTheSelectionIs404() async throws {
        try await Self.server { server, session in
            try await session.perform("select", ["images": ["img-1", "img-2"]])
            try await session.perform("newWindow", ["kind": "viewer", "image": "img-3"])
            let get = { (query: String) in try await server.client.get(session.path + "/selection" + query, token: session.token) }

            let viewer = try await get("?window=w2")
            expectProblem(viewer, 404, "not-found")
            #expect(viewer["field"] == "window" && viewer["name"] == "w2")
            let cursor = try await get("?window=main&after=img-9")
            expectProblem(cursor, 404, "not-found")
            #expect(cursor["field"] == "after" && cursor["name"] == "img-9")
            #expect(try await get("?window=main&after=img-1")["selection"] == ["img-2"])
        }
    }

    @Test func aLimitPastIntMaxIsClampedToTheCap() async throws {
        try await Self.server { server, session in
            try await session.perform("selectAll")
            let page = try await server.client.get(session.path + "/selection?limit=2106169634127270536806400", token: session.token)

            #expect(page.status == 200, "\(page.text.prefix(300))")
            #expect(page["limit"]?.intValue == 500)
            #expect(page["selection"]?.arrayValue?.count == 500)
        }
    }
}
