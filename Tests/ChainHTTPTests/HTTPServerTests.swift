import ChainHTTP
import ChainSupport
import ChainTestSupport
import Foundation
import Synchronization
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The server live on port 0, talked to over real TCP: how requests reach the handler and how
/// answers get back, on the synchronous and the suspend/resume paths.
@Suite("HTTPServer request/response")
struct HTTPServerTests {
    @Test func getWithQueryAndHeadersReachesHandlerAsOneValue() async throws {
        let handler = RecordingHandler()
        let server = try handler.startServer()
        defer { server.shutdown(timeout: .seconds(1)) }
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/items/a%20b?x=1&y=two%20words&x=2&flag"))
        var request = URLRequest(url: url)
        request.setValue("yes", forHTTPHeaderField: "X-Custom")

        let (data, response) = try await URLSession.shared.data(for: request)

        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200)
        #expect(data.isEmpty)
        #expect(handler.requests.count == 1)
        let seen = try #require(handler.requests.first)
        #expect(seen.method == "GET")
        #expect(seen.path == "/items/a b")
        #expect(seen.query == ["x": "1", "y": "two words", "flag": ""])
        #expect(seen.header("x-custom") == "yes")
        #expect(seen.header("X-CUSTOM") == "yes")
        #expect(seen.header("HOST") == "127.0.0.1:\(server.port)")
        #expect(seen.fields.contains { $0.name.lowercased() == "x-custom" && $0.value == "yes" })
        #expect(seen.body.isEmpty)
        #expect(seen.remoteAddress == "127.0.0.1")
    }

    @Test func postBodyRoundTrips() async throws {
        let handler = RecordingHandler()
        let server = try handler.startServer()
        defer { server.shutdown(timeout: .seconds(1)) }
        let body = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(server.port)/upload")))
        request.httpMethod = "POST"
        request.httpBody = body

        let (data, response) = try await URLSession.shared.data(for: request)

        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200)
        #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/octet-stream")
        #expect(data == body)
        #expect(handler.requests.map(\.method) == ["POST"])
        #expect(handler.requests.first?.body == Array(body))
    }

    @Test func keepAliveAnswersTwoRequestsOnOneConnection() throws {
        let handler = RecordingHandler()
        let server = try handler.startServer()
        defer { server.shutdown(timeout: .seconds(1)) }
        let connection = try RawHTTPConnection(port: server.port)

        let first = try connection.request("GET", "/one")
        let second = try connection.request("POST", "/two", body: Array("hello".utf8))

        #expect(first.status == 200)
        #expect(first.headers["x-path"] == "/one")
        #expect(first.headers["connection"]?.lowercased() != "close")
        #expect(second.status == 200)
        #expect(second.text == "hello")
        #expect(handler.requests.map(\.path) == ["/one", "/two"])
    }

    @Test func answerFromAnotherThreadLaterWhileAnotherConnectionIsServed() throws {
        let gate = Gate()
        let handler = RecordingHandler { request, respond in
            guard request.path == "/slow" else { return RecordingHandler.echo(request, respond) }
            Thread.detachNewThread {
                _ = gate.wait()
                respond(HTTPResponse(status: 202, contentType: "text/plain", text: "late"))
            }
        }
        // One worker thread: the fast answer proves the parked request does not block it.
        let server = try handler.startServer { $0.threads = 1 }
        defer {
            gate.open()
            server.shutdown(timeout: .seconds(1))
        }
        let slow = try RawHTTPConnection(port: server.port)
        try slow.send(RawHTTPConnection.requestHead("GET", "/slow"))
        #expect(handler.waitForRequests(1))

        let fast = try RawHTTPConnection(port: server.port).request("GET", "/fast")
        #expect(fast.status == 200)
        #expect(fast.headers["x-path"] == "/fast")

        gate.open()
        let late = try slow.readResponse()
        #expect(late.status == 202)
        #expect(late.text == "late")
        #expect(late.headers["content-type"] == "text/plain")
        let again = try slow.request("GET", "/after-resume")
        #expect(again.headers["x-path"] == "/after-resume")
    }

    @Test(arguments: ["PATCH", "OPTIONS", "DELETE", "PUT", "BREW"])
    func anyMethodReachesTheHandler(method: String) throws {
        let handler = RecordingHandler { request, respond in
            let allowed = ["GET", "POST"].contains(request.method)
            respond(HTTPResponse(status: allowed ? 200 : 405, headers: [.init(name: "Allow", value: "GET, POST")]))
        }
        let server = try handler.startServer()
        defer { server.shutdown(timeout: .seconds(1)) }

        let response = try RawHTTPConnection(port: server.port).request(method, "/thing")

        #expect(response.status == 405)
        #expect(response.headers["allow"] == "GET, POST")
        #expect(handler.requests.map(\.method) == [method])
    }

    @Test func manyConcurrentRequestsOnSixteenConnectionsAreAllAnswered() throws {
        let handler = RecordingHandler { request, respond in
            let id = request.query["id"] ?? "?"
            let response = HTTPResponse(status: 200, contentType: "text/plain", text: id)
            // Half answer synchronously, half from another thread: both paths under load.
            if (Int(id) ?? 0).isMultiple(of: 2) {
                respond(response)
            } else {
                DispatchQueue.global().async { respond(response) }
            }
        }
        let server = try handler.startServer()
        defer { server.shutdown(timeout: .seconds(1)) }
        let port = server.port
        let outcome = ConcurrentOutcome()
        let group = DispatchGroup()

        for lane in 0..<16 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                do {
                    let connection = try RawHTTPConnection(port: port)
                    for id in stride(from: lane, to: 200, by: 16) {
                        let response = try connection.request("GET", "/n?id=\(id)")
                        if response.status == 200, response.text == "\(id)" { outcome.answered(id) }
                    }
                } catch {
                    outcome.failed("\(error)")
                }
            }
        }

        #expect(group.wait(timeout: .now() + 15) == .success)
        #expect(outcome.failures.isEmpty)
        #expect(outcome.answeredIDs == Array(0..<200))
        #expect(handler.requests.count == 200)
    }

    @Test func listensOnIPv6Loopback() throws {
        let handler = RecordingHandler()
        let server = try handler.startServer { $0.host = "[::1]" }
        defer { server.shutdown(timeout: .seconds(1)) }

        let response = try RawHTTPConnection(port: server.port, host: "::1").request("GET", "/six")

        #expect(response.status == 200)
        #expect(handler.requests.first?.remoteAddress == "::1")
    }
}

/// What the concurrent clients saw, collected across their threads.
private final class ConcurrentOutcome: Sendable {
    private let ids = Lock<[Int]>([])
    private let errors = Lock<[String]>([])

    func answered(_ id: Int) { ids.withLock { $0.append(id) } }
    func failed(_ error: String) { errors.withLock { $0.append(error) } }
    var answeredIDs: [Int] { ids.withLock { $0.sorted() } }
    var failures: [String] { errors.withLock { $0 } }
}
