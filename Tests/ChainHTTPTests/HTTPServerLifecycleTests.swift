import ChainHTTP
import ChainTestSupport
import Foundation
import Testing

/// Starting and stopping: clear errors instead of crashes, and a shutdown that drains.
@Suite("HTTPServer lifecycle")
struct HTTPServerLifecycleTests {
    @Test func startBindsARealPortWhenAskedForAnyPort() throws {
        let server = try RecordingHandler().startServer()
        defer { server.shutdown(timeout: .seconds(1)) }

        #expect(server.port != 0)
        #expect(try RawHTTPConnection(port: server.port).request("GET", "/").status == 200)
    }

    @Test func startOnAPortInUseThrowsAddressInUse() throws {
        let first = try RecordingHandler().startServer()
        defer { first.shutdown(timeout: .seconds(1)) }
        let second = HTTPServer(configuration: .init(port: first.port, threads: 1), handler: RecordingHandler())

        #expect(throws: HTTPServerError.addressInUse(host: "127.0.0.1", port: first.port)) {
            try second.start()
        }
        second.shutdown(timeout: .seconds(1))
        second.shutdown(timeout: .seconds(1))
        #expect(try RawHTTPConnection(port: first.port).request("GET", "/").status == 200)
    }

    @Test(arguments: [
        (HTTPServer.Configuration(host: "not a host"), HTTPServerError.invalidHost("not a host")),
        (HTTPServer.Configuration(host: "example.com"), HTTPServerError.invalidHost("example.com")),
        (HTTPServer.Configuration(connectionTimeoutSeconds: 0),
         HTTPServerError.invalidConfiguration("connectionTimeoutSeconds must be between 1 and 4294967295, got 0")),
        (HTTPServer.Configuration(perIPConnectionLimit: -1),
         HTTPServerError.invalidConfiguration("perIPConnectionLimit must be between 1 and 4294967295, got -1")),
    ])
    func startRejectsABadConfiguration(configuration: HTTPServer.Configuration, expected: HTTPServerError) {
        let server = HTTPServer(configuration: configuration, handler: RecordingHandler())

        #expect(throws: expected) { try server.start() }
        server.shutdown(timeout: .zero)
    }

    @Test func startTwiceThrows() throws {
        let server = try RecordingHandler().startServer()
        defer { server.shutdown(timeout: .seconds(1)) }

        #expect(throws: HTTPServerError.alreadyStarted) { try server.start() }
    }

    @Test func shutdownWaitsForAnInFlightAnswerThenStops() throws {
        let handler = RecordingHandler.answeringFinished { usleep(300_000) }
        let server = try handler.startServer()
        let port = server.port
        let connection = try RawHTTPConnection(port: port)
        try connection.send(RawHTTPConnection.requestHead("GET", "/slow"))
        #expect(handler.waitForRequests(1))
        let clock = ContinuousClock()

        let started = clock.now
        server.shutdown(timeout: .seconds(5))
        let waited = clock.now - started

        #expect(waited >= .milliseconds(200))
        #expect(waited < .seconds(4))
        let response = try connection.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "finished")
        #expect(response.headers["connection"]?.lowercased() == "close")

        let again = clock.now
        server.shutdown(timeout: .seconds(5))
        #expect(clock.now - again < .milliseconds(100))
        #expect(throws: RawHTTPError.self) { try RawHTTPConnection(port: port) }
    }

    @Test func aConnectionOpenedWhileDrainingIsClosedUnserved() throws {
        let release = Gate()
        let handler = RecordingHandler.answeringFinished { _ = release.wait() }
        let server = try handler.startServer()
        let port = server.port
        let held = try RawHTTPConnection(port: port)
        try held.send(RawHTTPConnection.requestHead("GET", "/held"))
        #expect(handler.waitForRequests(1))
        let stopped = Gate()
        Thread.detachNewThread {
            server.shutdown(timeout: .seconds(5))
            stopped.open()
        }
        usleep(100_000)

        // The listen socket is still open while the daemon drains, but the accept policy
        // closes whatever arrives, so the late request is never handed to the handler.
        if let late = try? RawHTTPConnection(port: port) {
            try? late.send(RawHTTPConnection.requestHead("GET", "/late"))
            #expect(late.waitForClose())
        }
        #expect(handler.requests.count == 1)
        release.open()
        #expect(stopped.wait())
        #expect(try held.readResponse().text == "finished")
    }

    @Test func shutdownTimeoutClosesRequestsStillUnanswered() throws {
        let release = Gate()
        let lateAnswerMade = Gate()
        let handler = RecordingHandler { _, respond in
            Thread.detachNewThread {
                _ = release.wait()
                respond(HTTPResponse(status: 200))
                lateAnswerMade.open()
            }
        }
        let server = try handler.startServer()
        let connection = try RawHTTPConnection(port: server.port)
        try connection.send(RawHTTPConnection.requestHead("GET", "/never"))
        #expect(handler.waitForRequests(1))
        let clock = ContinuousClock()

        let started = clock.now
        server.shutdown(timeout: .milliseconds(200))
        let waited = clock.now - started

        #expect(waited >= .milliseconds(150))
        #expect(waited < .seconds(2))
        #expect(connection.waitForClose())
        // An answer arriving after the daemon stopped is ignored, not a crash.
        release.open()
        #expect(lateAnswerMade.wait())
    }

    @Test func shutdownWithoutStartIsHarmless() {
        let server = HTTPServer(handler: RecordingHandler())

        server.shutdown(timeout: .seconds(1))
        server.shutdown(timeout: .seconds(1))

        #expect(throws: HTTPServerError.alreadyStarted) { try server.start() }
    }

    @Test func releasingARunningServerStopsIt() throws {
        var server: HTTPServer? = try RecordingHandler().startServer()
        let port = try #require(server?.port)
        #expect(try RawHTTPConnection(port: port).request("GET", "/").status == 200)

        server = nil

        #expect(throws: RawHTTPError.self) { try RawHTTPConnection(port: port) }
    }
}
