import ChainConfig
import ChainHTTP
import ChainModel
import ChainService
import ChainTestSupport
import Foundation
import Synchronization
import Testing

@testable import ChainServer

/// The router called directly, with no sockets: the same app the live suites start, its
/// requests handed to `Router.handle` as the HTTP layer would hand them.
@Suite("Router, in process")
struct RouterInProcessTests {
    /// An app over a fresh catalog of `images` demo images, not listening.
    static func withApp(images: Int = 30, _ body: (ChainServerApp) async throws -> Void) async throws {
        let directory = TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let configuration = ServerConfiguration.forTests(directory: directory, demoImages: images)
        let app = try ChainServerApp(configuration: configuration, log: Logger(level: .error))
        defer { app.storage.close() }
        try await body(app)
    }

    /// Sends one request through the router and waits for its answer, its body parsed.
    static func send(
        _ app: ChainServerApp, _ method: String, _ path: String, query: [String: String] = [:], json: JSON? = nil,
        token: String? = nil
    ) async -> (status: Int, body: JSON?) {
        let response = await sendRaw(app, method, path, query: query, json: json, token: token)
        return (response.status, try? JSONParser.parse(response.body, maxDepth: 64))
    }

    /// The same, answered as the router gave it (a JPEG, say).
    static func sendRaw(
        _ app: ChainServerApp, _ method: String, _ path: String, query: [String: String] = [:], json: JSON? = nil,
        token: String? = nil
    ) async -> HTTPResponse {
        let request = HTTPRequest(
            method: method, path: path, query: query, headers: token.map { ["authorization": "Bearer \($0)"] } ?? [:],
            body: json?.encoded() ?? [], remoteAddress: "127.0.0.1")
        return await withCheckedContinuation { continuation in
            app.router.handle(request) { response in
                // As the HTTP layer does once it queued the answer: counted and logged.
                response.onQueued?.queued(status: response.status)
                continuation.resume(returning: response)
            }
        }
    }

    @Test func aCommandAndItsSelectionPageGoThroughTheRouter() async throws {
        try await Self.withApp { app in
            let created = await Self.send(app, "POST", "/v1/sessions")
            #expect(created.status == 201)
            let id = try #require(created.body?["id"]?.stringValue)
            let token = try #require(created.body?["token"]?.stringValue)

            let selected = await Self.send(app, "POST", "/v1/sessions/\(id)/commands", json: ["action": "selectAll"], token: token)
            #expect(selected.status == 200)
            #expect(selected.body?["session"]?["windows"]?.arrayValue?.first?["grid"]?["selectionCount"] == 30)

            let flagged = await Self.send(app, "POST", "/v1/sessions/\(id)/keys", json: ["key": "x", "modifiers": []], token: token)
            #expect(flagged.body?["result"] == ["flag": "reject", "count": 30])
            #expect(app.catalog.value(Flag.self, of: ImageID(30)) == .reject)

            let page = await Self.send(app, "GET", "/v1/sessions/\(id)/selection", query: ["limit": "20", "after": "img-5"], token: token)
            #expect(page.status == 200)
            #expect(page.body?["selection"]?.arrayValue?.count == 20)
            #expect(page.body?["selection"]?.arrayValue?.first == "img-6")
            #expect(page.body?["next"] == "img-25")
        }
    }

    @Test func aStorageFailureAnswers503AndChangesNothing() async throws {
        try await Self.withApp { app in
            let created = await Self.send(app, "POST", "/v1/sessions")
            let id = try #require(created.body?["id"]?.stringValue)
            let token = try #require(created.body?["token"]?.stringValue)
            _ = await Self.send(app, "POST", "/v1/sessions/\(id)/commands", json: ["action": "select", "args": ["images": ["img-2"]]], token: token)
            app.storage.close()  // every later write completes with `closed`

            let refused = await Self.send(app, "POST", "/v1/sessions/\(id)/commands", json: ["item": "label.blue"], token: token)
            #expect(refused.status == 503)
            #expect(refused.body?["type"] == "/problems/storage-unavailable")
            #expect(app.catalog.value(ColorLabel.self, of: ImageID(2)) == ColorLabel.none)
            let state = await Self.send(app, "GET", "/v1/sessions/\(id)", token: token)
            #expect(state.body?["windows"]?.arrayValue?.first?["undo"]?["undo"] == .null, "the session did not take the change")
        }
    }
}
