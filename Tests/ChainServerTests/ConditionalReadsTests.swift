import ChainConfig
import ChainHTTP
import ChainModel
import ChainService
import Foundation
import Testing

@testable import ChainServer

/// Session versions, ETags and `If-None-Match`, live; and the menu rendered once and served
/// many times is never stale, whatever changed: the session's own commands, undo, or another
/// session's writes to images it shows.
@Suite("Conditional reads, live")
struct ConditionalReadsTests {
    func get(_ server: LiveServer, _ path: String, _ session: RemoteSession, ifNoneMatch: String? = nil) async throws -> LiveResponse {
        try await server.client.send("GET", path, token: session.token, headers: ifNoneMatch.map { ["If-None-Match": $0] } ?? [:])
    }

    @Test func theSessionsVersionAndTagMoveWithEveryCommand() async throws {
        try await LiveServer.withSession { server, session in
            let first = try await get(server, session.path, session)
            let tag = try #require(first.header("ETag"))
            let version = try #require(first["version"]?.intValue)

            let unchanged = try await get(server, session.path, session, ifNoneMatch: tag)
            #expect(unchanged.status == 304)
            #expect(unchanged.body.isEmpty)
            #expect(unchanged.header("ETag") == tag)
            #expect(try await get(server, session.path, session, ifNoneMatch: "W/\(tag)").status == 304)
            #expect(try await get(server, session.path, session, ifNoneMatch: "\"other\", \(tag)").status == 304)

            let answer = try await session.perform("select", ["images": ["img-1"]])
            #expect(answer["session"]?["version"]?.intValue == version + 1)
            let moved = try await get(server, session.path, session, ifNoneMatch: tag)
            #expect(moved.status == 200)
            #expect(moved["version"]?.intValue == version + 1)
            #expect(moved.header("ETag") != tag)
        }
    }

    @Test func theMenusTagMovesWithTheSessionAndWithAnyCatalogWrite() async throws {
        try await LiveServer.withSession { server, session in
            let other = try await server.client.createSession()
            let menuPath = session.path + "/menu"
            var tags: [String] = []
            func tag() async throws -> String {
                let response = try await get(server, menuPath, session)
                try #require(response.status == 200)
                return try #require(response.header("ETag"))
            }
            tags.append(try await tag())
            #expect(try await get(server, menuPath, session, ifNoneMatch: tags[0]).status == 304)
            try await session.perform("select", ["images": ["img-1", "img-2"]])
            tags.append(try await tag())
            try await session.perform("setRating", ["rating": 5])
            tags.append(try await tag())
            try await session.perform("undo")
            tags.append(try await tag())
            try await other.rate(["img-2"], 1)
            tags.append(try await tag())
            #expect(Set(tags).count == tags.count, "every change gives a new tag: \(tags)")
            #expect(try await get(server, menuPath, session, ifNoneMatch: tags.last).status == 304)
            let explained = try await get(server, menuPath + "?explain=1", session, ifNoneMatch: tags.last)
            #expect(explained.status == 200, "the explained menu is another representation")
        }
    }

    @Test func theRenderedMenuIsNeverStale() async throws {
        try await LiveServer.withSession { server, session in
            let other = try await server.client.createSession()
            let menuBar = try MenuFile.load(directory: LiveServer.configDirectory, knownActions: HandlerRegistry.standard.actions).menuBar
            let validator = MenuValidator(dispatcher: .standard)
            guard case .valid(let live) = server.app.sessions.authenticate(token: session.token) else {
                Issue.record("the session's token must authenticate")
                return
            }
            let steps: [(String, () async throws -> Void)] = [
                ("select", { try await session.perform("select", ["images": ["img-1", "img-2", "img-3"]]) }),
                ("setRating", { try await session.perform("setRating", ["rating": 5]) }),
                ("another session rates one of them", { try await other.rate(["img-2"], 1) }),
                ("undo", { try await session.perform("undo") }),
                ("redo", { try await session.perform("redo") }),
                ("setLabel by key", { _ = try await session.key("8") }),
                ("another session flags one", { try await other.perform("select", ["images": ["img-3"]]); try await other.perform("setFlag", ["flag": "pick"]) }),
                ("another session labels an image nobody here shows", { try await other.perform("select", ["images": ["img-40"]]); try await other.perform("setLabel", ["label": "red"]) }),
                ("openImage", { try await session.perform("openImage") }),
                ("nextImage", { try await session.perform("nextImage") }),
                ("another session rates the shown image", { try await other.rate(["img-2"], 3) }),
                ("closeViewer", { try await session.perform("closeViewer") }),
                ("newWindow", { try await session.perform("newWindow", ["kind": "browser"]) }),
            ]
            for (name, step) in steps {
                try await step()
                for round in 1...2 {  // the second is served from the rendered bytes
                    let served = try await get(server, session.path + "/menu", session)
                    let model = try #require(live.snapshot)
                    let fresh = MenuBody(
                        entries: validator.validate(menuBar, in: model, catalog: server.app.catalog), firstResponder: model.firstResponder
                    ).encoded()
                    #expect(served.body == fresh, "after \(name), read \(round): the menu served is not the menu now")
                    let tag = try #require(served.header("ETag"))
                    let version = server.app.live.menus.version(of: try #require(live.view), explain: false)
                    #expect(version.quoted == tag, "the tag served is the menu's version now")
                    #expect(live.renderedMenu(for: version) == served.body, "kept for the next read")
                }
            }
        }
    }
}
