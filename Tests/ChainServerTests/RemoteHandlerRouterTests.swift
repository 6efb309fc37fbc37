import ChainHTTP
import Foundation
import Testing

@testable import ChainServer

/// The remote-handler and event routes through `Router.handle`, with no sockets.
@Suite("Remote handlers, in process")
struct RemoteHandlerRouterTests {
    @Test func registeringListingAndRemovingGoThroughTheRouter() async throws {
        try await RouterInProcessTests.withApp { app in
            let created = await RouterInProcessTests.send(app, "POST", "/v1/sessions")
            let id = try #require(created.body?["id"]?.stringValue)
            let token = try #require(created.body?["token"]?.stringValue)
            let base = "/v1/sessions/\(id)"

            let registered = await RouterInProcessTests.send(
                app, "POST", base + "/handlers", json: ["responder": "main", "action": "exportSelection", "undoName": "Export"], token: token)
            #expect(registered.status == 201)
            #expect(registered.body?["id"] == "h-1")
            #expect(registered.body?["live"] == false)
            #expect(registered.body?["validation"] == ["enabled": true, "state": "off", "title": .null, "hidden": false])

            let session = await RouterInProcessTests.send(app, "GET", base, token: token)
            #expect(session.body?["version"] == 2, "a handler change moves the session's version")

            let listed = await RouterInProcessTests.send(app, "GET", base + "/handlers", token: token)
            #expect(listed.body?["handlers"]?.arrayValue?.map { $0["action"] } == ["exportSelection"])

            let removed = await RouterInProcessTests.send(app, "DELETE", base + "/handlers/h-1", token: token)
            #expect(removed.status == 204)
            let again = await RouterInProcessTests.send(app, "DELETE", base + "/handlers/h-1", token: token)
            #expect(again.status == 404)
        }
    }

    @Test func theEventsRouteAnswersAStreamThatBeginsWithHello() async throws {
        try await RouterInProcessTests.withApp { app in
            let created = await RouterInProcessTests.send(app, "POST", "/v1/sessions")
            let id = try #require(created.body?["id"]?.stringValue)
            let token = try #require(created.body?["token"]?.stringValue)
            let request = HTTPRequest(
                method: "GET", path: "/v1/sessions/\(id)/events", query: [:], headers: ["authorization": "Bearer \(token)"],
                body: [], remoteAddress: "127.0.0.1")
            let response = await withCheckedContinuation { continuation in
                app.router.handle(request) { continuation.resume(returning: $0) }
            }
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "text/event-stream")
            let stream = try #require(response.stream)
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { stream.read(into: $0.baseAddress!, capacity: $0.count) }
            let text = String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self)
            #expect(text.hasPrefix("id: 0\nevent: hello\ndata: {\"session\":"))
            app.live.shutdown()
        }
    }
}
