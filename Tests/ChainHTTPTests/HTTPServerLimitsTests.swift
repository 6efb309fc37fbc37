import ChainHTTP
import ChainTestSupport
import Foundation
import Testing

/// What the server refuses or cuts off, and that nothing a client sends takes it down.
@Suite("HTTPServer limits")
struct HTTPServerLimitsTests {
    private static let limit = 1024

    @Test(arguments: [false, true])
    func declaredBodyOverLimitIsRefusedBeforeItIsRead(expectContinue: Bool) throws {
        let handler = RecordingHandler()
        let server = try handler.startServer { $0.maxBodyBytes = Self.limit }
        defer { server.shutdown(timeout: .seconds(1)) }
        let connection = try RawHTTPConnection(port: server.port)
        let headers = expectContinue ? ["Expect": "100-continue"] : [:]

        // Only the head is sent: the answer must not depend on the body arriving.
        try connection.send(RawHTTPConnection.requestHead("POST", "/upload", headers: headers, bodyLength: 50_000))
        let response = try connection.readResponse()

        #expect(response.status == 413)
        #expect(response.headers["content-type"] == "application/problem+json")
        #expect(response.text.contains("\"limit\":\(Self.limit)"))
        #expect(handler.requests.isEmpty)
        #expect(handler.rejections == [.bodyTooLarge(limit: Self.limit)])
        #expect(connection.waitForClose())
    }

    @Test(arguments: [(1024, 200), (1025, 413)])
    func declaredBodyAtTheLimitIsAccepted(size: Int, status: Int) throws {
        let handler = RecordingHandler()
        let server = try handler.startServer { $0.maxBodyBytes = Self.limit }
        defer { server.shutdown(timeout: .seconds(1)) }

        let response = try RawHTTPConnection(port: server.port)
            .request("PUT", "/blob", body: [UInt8](repeating: 7, count: size))

        #expect(response.status == status)
        #expect(handler.requests.first?.body.count == (status == 200 ? size : nil))
    }

    @Test(arguments: [(2, 400, 200), (3, 600, 413)])
    func chunkedBodyIsCountedAgainstTheLimit(chunks: Int, chunkSize: Int, status: Int) throws {
        let handler = RecordingHandler()
        let server = try handler.startServer { $0.maxBodyBytes = Self.limit }
        defer { server.shutdown(timeout: .seconds(1)) }
        let connection = try RawHTTPConnection(port: server.port)

        try connection.send(RawHTTPConnection.requestHead("POST", "/stream", headers: ["Transfer-Encoding": "chunked"]))
        // Past the limit the server answers at once and closes: sends after that may fail.
        for index in 0..<chunks {
            try? connection.send(Array("\(String(chunkSize, radix: 16))\r\n".utf8))
            try? connection.send([UInt8](repeating: UInt8(index), count: chunkSize) + Array("\r\n".utf8))
        }
        try? connection.send("0\r\n\r\n")
        let response = try connection.readResponse()

        #expect(response.status == status)
        if status == 200 {
            #expect(response.body.count == chunks * chunkSize)
            #expect(handler.requests.first?.body.count == chunks * chunkSize)
        } else {
            #expect(handler.requests.isEmpty)
            #expect(handler.rejections == [.bodyTooLarge(limit: Self.limit)])
        }
    }

    /// A chunked body is answered 413 as soon as it passes the limit, with its final chunk
    /// never sent, and the connection closes: the rest of the body is not read.
    @Test func chunkedBodyPastTheLimitIsAnsweredAtOnce() throws {
        let handler = RecordingHandler()
        let server = try handler.startServer { $0.maxBodyBytes = Self.limit }
        defer { server.shutdown(timeout: .seconds(1)) }
        let connection = try RawHTTPConnection(port: server.port, timeout: .seconds(3))

        try connection.send(RawHTTPConnection.requestHead("POST", "/stream", headers: ["Transfer-Encoding": "chunked"]))
        for index in 0..<2 {  // 1,200 bytes: past the limit with the second chunk
            try connection.send(Array("\(String(600, radix: 16))\r\n".utf8))
            try connection.send([UInt8](repeating: UInt8(index), count: 600) + Array("\r\n".utf8))
        }
        let response = try connection.readResponse()

        #expect(response.status == 413)
        #expect(response.headers["content-type"] == "application/problem+json")
        #expect(connection.waitForClose())
        #expect(handler.requests.isEmpty)
        #expect(handler.rejections == [.bodyTooLarge(limit: Self.limit)])
    }

    @Test func idleConnectionIsClosedAfterTheTimeout() throws {
        let server = try RecordingHandler().startServer { $0.connectionTimeoutSeconds = 1 }
        defer { server.shutdown(timeout: .seconds(1)) }
        let clock = ContinuousClock()
        let connection = try RawHTTPConnection(port: server.port, timeout: .seconds(4))
        #expect(try connection.request("GET", "/warm").status == 200)

        let started = clock.now
        let closed = connection.waitForClose()
        let waited = clock.now - started

        #expect(closed)
        #expect(waited >= .milliseconds(800))
        #expect(waited < .seconds(3))
    }

    @Test func oversizedHeadersAreRefusedAndTheServerKeepsServing() throws {
        let handler = RecordingHandler()
        let server = try handler.startServer()
        defer { server.shutdown(timeout: .seconds(1)) }
        let connection = try RawHTTPConnection(port: server.port)

        let huge = String(repeating: "a", count: 100_000)
        let status: Int
        do {
            try connection.send(RawHTTPConnection.requestHead("GET", "/big", headers: ["X-Huge": huge]))
            status = try connection.readResponse().status
        } catch RawHTTPError.closedByServer {
            status = 0
        } catch RawHTTPError.socket(_, let code) where code == ECONNRESET || code == EPIPE {
            status = 0
        }

        #expect([0, 400, 413, 431].contains(status))
        #expect(handler.requests.isEmpty)
        #expect(try RawHTTPConnection(port: server.port).request("GET", "/small").status == 200)
    }

    @Test func malformedRequestLineDoesNotReachTheHandler() throws {
        let handler = RecordingHandler()
        let server = try handler.startServer()
        defer { server.shutdown(timeout: .seconds(1)) }
        let connection = try RawHTTPConnection(port: server.port)

        try connection.send("\u{1}\u{2} garbage\r\n\r\n")
        let status = (try? connection.readResponse().status) ?? 0

        #expect(status == 0 || (400...499).contains(status))
        #expect(handler.requests.isEmpty)
        #expect(try RawHTTPConnection(port: server.port).request("GET", "/ok").status == 200)
    }
}

/// Clients that go away at awkward moments.
@Suite("HTTPServer vanishing clients")
struct HTTPServerVanishingClientTests {
    @Test func clientLeavingMidBodyNeverReachesTheHandler() throws {
        let handler = RecordingHandler()
        let server = try handler.startServer()
        defer { server.shutdown(timeout: .seconds(1)) }

        do {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send(RawHTTPConnection.requestHead("POST", "/cut", bodyLength: 1000) + [UInt8](repeating: 1, count: 10))
        }

        #expect(try RawHTTPConnection(port: server.port).request("GET", "/next").status == 200)
        #expect(handler.requests.map(\.path) == ["/next"])
    }

    @Test func clientLeavingWhileParkedDoesNotDisturbTheLateAnswer() throws {
        let release = Gate()
        let answered = Gate()
        let handler = RecordingHandler { request, respond in
            guard request.path == "/parked" else { return RecordingHandler.echo(request, respond) }
            Thread.detachNewThread {
                _ = release.wait()
                respond(HTTPResponse(status: 200, contentType: "text/plain", text: "nobody listens"))
                answered.open()
            }
        }
        let server = try handler.startServer { $0.threads = 1 }
        defer { server.shutdown(timeout: .seconds(1)) }

        do {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send(RawHTTPConnection.requestHead("GET", "/parked"))
            #expect(handler.waitForRequests(1))
        }
        release.open()
        #expect(answered.wait())

        #expect(try RawHTTPConnection(port: server.port).request("GET", "/next").status == 200)
    }
}
