import ChainModel
import Testing

@testable import ChainServer

/// Heads the HTTP layer refused before routing, as the router answers them: problem+json
/// with the problem type of each refusal.
@Suite("Router rejections")
struct RouterRejectionTests {
    @Test func theRouterAnswersARefusedHeadWithProblemJSON() async throws {
        try await RouterInProcessTests.withApp(images: 3) { app in
            let response = app.router.response(for: .malformedHead("Content-Length must be sent once"))

            #expect(response.status == 400)
            #expect(response.header("Content-Type") == "application/problem+json")
            let body = try JSONParser.parse(response.body)
            #expect(body["type"]?.stringValue?.hasSuffix("/problems/malformed") == true)
            #expect(body["detail"]?.stringValue == "Content-Length must be sent once")
        }
    }

    @Test func theRouterAnswersBothWithTheirProblemTypes() async throws {
        try await RouterInProcessTests.withApp(images: 3) { app in
            let long = app.router.response(for: .targetTooLong(limit: 8192))
            #expect(long.status == 414)
            #expect(long.header("Content-Type") == "application/problem+json")
            let body = try JSONParser.parse(long.body)
            #expect(body["type"]?.stringValue?.hasSuffix("/problems/uri-too-long") == true)
            #expect(body["limit"] == 8192)
            let large = app.router.response(for: .headerTooLarge(limit: 8192, fields: 100))
            #expect(large.status == 431)
            let fields = try JSONParser.parse(large.body)
            #expect(fields["type"]?.stringValue?.hasSuffix("/problems/header-too-large") == true)
            #expect(fields["maxFields"] == 100)
        }
    }
}
