import ChainHTTP
import ChainSupport
import Foundation
import Synchronization

/// An `HTTPHandler` whose behaviour each test supplies, recording what reaches it so tests can
/// assert on the exact `HTTPRequest` values (or that nothing reached it).
package final class RecordingHandler: HTTPHandler {
    package typealias Behaviour = @Sendable (HTTPRequest, @escaping @Sendable (HTTPResponse) -> Void) -> Void

    private let behaviour: Behaviour
    private let received = Lock<[HTTPRequest]>([])
    private let refused = Lock<[HTTPRejection]>([])

    package init(_ behaviour: @escaping Behaviour = RecordingHandler.echo) {
        self.behaviour = behaviour
    }

    /// Answers 200 with the request body and the method and path in headers.
    package static let echo: Behaviour = { request, respond in
        var response = HTTPResponse(status: 200, contentType: "application/octet-stream", body: request.body)
        response.headers.append(.init(name: "X-Method", value: request.method))
        response.headers.append(.init(name: "X-Path", value: request.path))
        respond(response)
    }

    /// Answers each request 200 "finished" from another thread, once `wait` returns: a request
    /// that stays in flight for as long as the test wants.
    package static func answeringFinished(after wait: @escaping @Sendable () -> Void) -> RecordingHandler {
        RecordingHandler { _, respond in
            Thread.detachNewThread {
                wait()
                respond(HTTPResponse(status: 200, contentType: "text/plain", text: "finished"))
            }
        }
    }

    package func handle(_ request: HTTPRequest, respond: @escaping @Sendable (HTTPResponse) -> Void) {
        received.withLock { $0.append(request) }
        behaviour(request, respond)
    }

    package func response(for rejection: HTTPRejection) -> HTTPResponse {
        refused.withLock { $0.append(rejection) }
        switch rejection {
        case .bodyTooLarge(let limit):
            return HTTPResponse(
                status: 413, contentType: "application/problem+json",
                text: #"{"status":413,"title":"Content Too Large","limit":\#(limit)}"#)
        case .malformedHead:
            return HTTPResponse(status: 400, contentType: "application/problem+json", text: #"{"status":400}"#)
        case .targetTooLong:
            return HTTPResponse(status: 414, contentType: "application/problem+json", text: #"{"status":414}"#)
        case .headerTooLarge:
            return HTTPResponse(status: 431, contentType: "application/problem+json", text: #"{"status":431}"#)
        }
    }

    package var requests: [HTTPRequest] { received.withLock { $0 } }
    package var rejections: [HTTPRejection] { refused.withLock { $0 } }

    /// Waits until at least `count` requests have reached the handler.
    package func waitForRequests(_ count: Int, timeout: Duration = .seconds(5)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while received.withLock({ $0.count }) < count {
            if ContinuousClock.now >= deadline { return false }
            usleep(1_000)
        }
        return true
    }

    /// Starts a server for this handler on a free port with two worker threads.
    package func startServer(_ configure: (inout HTTPServer.Configuration) -> Void = { _ in }) throws -> HTTPServer {
        var configuration = HTTPServer.Configuration(port: 0, threads: 2)
        configure(&configuration)
        let server = HTTPServer(configuration: configuration, handler: self)
        try server.start()
        return server
    }

    /// Sends `bytes` to a server of this handler on a fresh connection; the one answer, and
    /// (when `awaitClose`) whether the server then closed the connection.
    package func exchange(_ bytes: String, awaitClose: Bool = true) throws -> (RawHTTPResponse, closed: Bool) {
        let server = try startServer()
        defer { server.shutdown(timeout: .seconds(1)) }
        let connection = try RawHTTPConnection(port: server.port)
        try connection.send(Array(bytes.utf8))
        let response = try connection.readResponse()
        return (response, awaitClose && connection.waitForClose())
    }
}

/// A one-shot signal a test raises to let a parked handler answer, so "respond later" is
/// driven by the test rather than by sleeps.
package final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    package init() {}

    package func open() { semaphore.signal() }

    /// Waits for `open`; false on timeout.
    package func wait(timeout: Duration = .seconds(5)) -> Bool {
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        return semaphore.wait(timeout: .now() + seconds) == .success
    }
}
