import ChainAPI
import ChainHTTP
import ChainModel
import ChainService
import ChainSupport
import Testing

/// A route's answer cannot be forgotten: a `Reply` dropped unanswered answers 500 and logs
/// which route forgot; a second answer is dropped and logged.
@Suite("Reply")
struct ReplyTests {
    /// Log lines and answers, as a test reads them.
    final class Recorder: Sendable {
        let lines = Lock<[String]>([])
        let answers = Lock<[HTTPResponse]>([])
        var log: Logger { Logger(level: .info) { [self] line in self.lines.withLock { $0.append(line) } } }
        func send(_ response: HTTPResponse) { answers.withLock { $0.append(response) } }
    }

    @Test func aReplyDroppedUnansweredAnswers500AndLogsTheRoute() throws {
        let recorder = Recorder()
        do {
            let reply = Reply(route: "/v1/forgetful", log: recorder.log, send: recorder.send)
            #expect(!reply.isAnswered)
        }
        let answers = recorder.answers.withLock { $0 }
        try #require(answers.count == 1)
        #expect(answers[0].status == 500)
        #expect(answers[0].header("Content-Type") == "application/problem+json")
        let line = try #require(recorder.lines.withLock { $0 }.first)
        #expect(line.contains(#""event":"route.unanswered""#) && line.contains(#""route":"/v1/forgetful""#))
    }

    @Test func theFirstAnswerGoesOutAndASecondIsDroppedAndLogged() {
        let recorder = Recorder()
        do {
            let reply = Reply(route: "/v1/twice", log: recorder.log, send: recorder.send)
            reply(HTTPResponse(status: 204))
            #expect(reply.isAnswered)
            reply(HTTPResponse(status: 200))
        }
        #expect(recorder.answers.withLock { $0.map(\.status) } == [204])
        #expect(recorder.lines.withLock { $0 }.contains { $0.contains(#""event":"route.answered.twice""#) })
    }

    /// Through the router: a handler that returns without answering, and keeps no hold on
    /// its reply, is answered 500 at once.
    @Test func aRouteThatForgetsToAnswerIsAnswered500ByTheRouter() async throws {
        let recorder = Recorder()
        let forgetful = Route.open("GET", "/v1/forgetful") { _, _ in }
        let router = Router(
            routes: [forgetful], sessions: SessionRegistry(idleExpiry: .seconds(60), maxSessions: 10), metrics: Metrics(),
            log: recorder.log)
        let request = HTTPRequest(method: "GET", path: "/v1/forgetful", query: [:], fields: [], body: [], remoteAddress: "127.0.0.1")
        let response = await withCheckedContinuation { continuation in
            router.handle(request) { continuation.resume(returning: $0) }
        }
        #expect(response.status == 500)
        #expect(recorder.lines.withLock { $0 }.contains { $0.contains(#""event":"route.unanswered""#) })
    }

    /// A reply with a request record counts and logs the request only once the HTTP layer
    /// says the answer is queued, on its thread, with the status that went out.
    @Test func theRequestIsCountedAndLoggedWhenTheAnswerIsQueued() throws {
        let recorder = Recorder()
        let metrics = Metrics()
        let record = RequestRecord(method: "POST", session: "s-1", started: .now, metrics: metrics)
        let reply = Reply(route: "/v1/sessions/{id}/commands", log: recorder.log, record: record, send: recorder.send)
        reply(HTTPResponse(status: 200, contentType: "application/json", body: Array("{}".utf8)))
        let sent = try #require(recorder.answers.withLock { $0 }.first)
        #expect(recorder.lines.withLock { $0 }.isEmpty, "not logged by the thread that answered")
        #expect(!metrics.render(liveSessions: 0).contains(#"route="/v1/sessions/{id}/commands""#))

        sent.onQueued?.queued(status: 200)
        #expect(metrics.render(liveSessions: 0).contains(#"route="/v1/sessions/{id}/commands""#))
        let line = try #require(recorder.lines.withLock { $0 }.first)
        #expect(line.contains(#""event":"request""#) && line.contains(#""status":200"#) && line.contains(#""session":"s-1""#))
    }

    /// An answer whose connection closed before it was queued is still counted and logged,
    /// once, when the reply goes.
    @Test func anAnswerNeverQueuedIsCountedWhenTheReplyGoes() throws {
        let recorder = Recorder()
        let metrics = Metrics()
        do {
            let record = RequestRecord(method: "GET", session: nil, started: .now, metrics: metrics)
            let reply = Reply(route: "/v1/sessions/{id}/menu", log: recorder.log, record: record) { _ in }
            reply(HTTPResponse(status: 200))
        }
        #expect(metrics.render(liveSessions: 0).contains(#"route="/v1/sessions/{id}/menu""#))
        #expect(recorder.lines.withLock { $0 }.count(where: { $0.contains(#""event":"request""#) }) == 1)
    }
}
