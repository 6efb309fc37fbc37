import ChainModel
import ChainTestSupport
import Foundation
import Testing

@testable import ChainServer

/// `If-Match` and `Idempotency-Key` on commands and keys, live.
@Suite("Command conditions, live")
struct CommandConditionsTests {
    private func post(
        _ session: RemoteSession, _ body: JSON, to suffix: String = "/commands", headers: [String: String]
    ) async throws -> LiveResponse {
        try await session.client.send("POST", session.path + suffix, json: body, token: session.token, headers: headers)
    }

    @Test func ifMatchOnAnotherVersionIs412WithTheCurrentVersionAndPerformsNothing() async throws {
        try await LiveServer.withSession { server, session in
            try await session.rate(["img-1"], 0)
            let version = try #require(try await session.state()["version"]?.intValue)
            try await session.perform("select", ["images": ["img-1"]])
            let stale = try await post(session, ["action": "setRating", "args": ["rating": 5]], headers: ["If-Match": "\"\(version)\""])
            expectProblem(stale, 412, "precondition-failed")
            #expect(stale["version"]?.intValue == version + 1)
            #expect(try await session.rating(of: "img-1") == 0)

            // The current version, bare or as the session's ETag, and `*` go through.
            let tag = try await server.client.get(session.path, token: session.token).header("ETag") ?? ""
            #expect(try await post(session, ["action": "setRating", "args": ["rating": 2]], headers: ["If-Match": tag]).status == 200)
            #expect(try await post(session, ["action": "setRating", "args": ["rating": 3]], headers: ["If-Match": "\"\(version + 2)\""]).status == 200)
            #expect(try await post(session, ["key": "4"], to: "/keys", headers: ["If-Match": "*"]).status == 200)
            #expect(try await session.rating(of: "img-1") == 4)
            expectProblem(try await post(session, ["action": "undo"], headers: ["If-Match": "7"]), 400, "malformed")
        }
    }

    /// Entity tags as RFC 9110 spells them: an empty tag, a tag holding a comma and empty list
    /// elements are well-formed (412 when none names the version, never 400); the version is
    /// found behind them; only a value that is not a tag list is 400.
    @Test func ifMatchIsReadTagByTag() async throws {
        try await LiveServer.withSession { server, session in
            let version = try #require(try await session.state()["version"]?.intValue)
            for value in ["\"\"", "\"j,qXr%@Me\", W/\"\(version)\"", "\"7,\(version)\"\t ,\t"] {
                expectProblem(try await post(session, ["action": "selectAll"], headers: ["If-Match": value]), 412, "precondition-failed")
            }
            let found = try await post(session, ["action": "selectAll"], headers: ["If-Match": "\"a,b\", , \"\(version)\""])
            #expect(found.status == 200, "\(found.text.prefix(300))")
            for value in ["W/x", "\"1\" \"2\"", "\"1\", *", "\"open"] {
                expectProblem(try await post(session, ["action": "undo"], headers: ["If-Match": value]), 400, "malformed")
            }

            // If-None-Match reads the same way: the session's tag behind one holding a comma.
            let tag = try #require(try await server.client.get(session.path, token: session.token).header("ETag"))
            let conditional = try await server.client.send("GET", session.path, token: session.token, headers: ["If-None-Match": "\"x,y\", \(tag)"])
            #expect(conditional.status == 304)
        }
    }

    @Test func aRepeatedKeyReplaysTheFirstAnswerWithoutPerformingAgain() async throws {
        try await LiveServer.withSession { server, session in
            try await session.rate(["img-1"], 0)
            let body: JSON = ["action": "increaseRating"]
            let first = try await post(session, body, headers: ["Idempotency-Key": "rate-up-1"])
            #expect(first.status == 200)
            #expect(first.header("Idempotent-Replayed") == nil)
            let again = try await post(session, body, headers: ["Idempotency-Key": "rate-up-1"])
            #expect(again.status == 200)
            #expect(again.header("Idempotent-Replayed") == "true")
            #expect(again.body == first.body)
            #expect(try await session.rating(of: "img-1") == 1)

            // Another body under the same key is refused; the key on /keys is another request.
            expectProblem(try await post(session, ["action": "decreaseRating"], headers: ["Idempotency-Key": "rate-up-1"]), 422, "idempotency-key-reused")
            expectProblem(try await post(session, ["key": "5"], to: "/keys", headers: ["Idempotency-Key": "rate-up-1"]), 422, "idempotency-key-reused")
            #expect(try await session.rating(of: "img-1") == 1)

            // A failure is replayed too: the retry does not find a different world.
            let refused = try await post(session, ["action": "setRating", "args": ["rating": 9]], headers: ["Idempotency-Key": "k2"])
            let refusedAgain = try await post(session, ["action": "setRating", "args": ["rating": 9]], headers: ["Idempotency-Key": "k2"])
            #expect(refused.status == 422 && refusedAgain.status == 422 && refusedAgain.body == refused.body)
            #expect(refusedAgain.header("Content-Type") == "application/problem+json")

            for key in [String(repeating: "k", count: 129), "two words"] {
                expectProblem(try await post(session, body, headers: ["Idempotency-Key": key]), 400, "malformed")
            }
            _ = server
        }
    }

    @Test func aReceiptSurvivesARestart() async throws {
        let directory = TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let session: RemoteSession
        let first: LiveResponse
        do {
            let server = try LiveServer(dataDirectory: directory)
            defer { server.stop() }
            session = try await server.client.createSession()
            try await session.rate(["img-2"], 0)
            first = try await post(session, ["action": "increaseRating"], headers: ["Idempotency-Key": "after-crash"])
            #expect(first.status == 200)
        }
        let server = try LiveServer(dataDirectory: directory)
        defer { server.stop() }
        let restored = RemoteSession(id: session.id, token: session.token, client: server.client)
        let retry = try await post(restored, ["action": "increaseRating"], headers: ["Idempotency-Key": "after-crash"])
        #expect(retry.status == 200 && retry.body == first.body)
        #expect(retry.header("Idempotent-Replayed") == "true")
        #expect(try await restored.rating(of: "img-2") == 1)
    }
}
