import ChainModel
import Testing

@testable import ChainServer

/// `?dryRun=1` on `…/commands` and `…/keys`, live: what a command would do, with the
/// effects of its writes, and nothing changed.
@Suite("Dry run routes, live")
struct DryRunRoutesTests {
    static func dryRun(_ session: RemoteSession, _ body: JSON, headers: [String: String] = [:]) async throws -> LiveResponse {
        try await session.client.send("POST", session.path + "/commands?dryRun=1", json: body, token: session.token, headers: headers)
    }

    @Test func aDryRunAnswersEffectsAndChangesNothing() async throws {
        try await LiveServer.withUnchangedSession { _, session in
            let answer = try await Self.dryRun(session, ["action": "setRating", "args": ["rating": 3]])

            try #require(answer.status == 200, "\(answer.text)")
            #expect(answer["dryRun"] == true)
            #expect(answer["handledBy"] == "main/grid")
            #expect(answer["enabled"] == true)
            #expect(answer["validation"]?["state"] == "off")
            #expect(answer["effects"] == ["rating": ["count": 2, "before": ["5": 2], "after": ["3": 2]]])
            #expect(answer["result"] == ["rating": 3, "count": 2])
            #expect(answer["trace"]?.arrayValue?.isEmpty == false)
            #expect(answer["version"]?.intValue == (try await session.state())["version"]?.intValue)
        }
    }

    @Test func aDryRunSendsNoEvent() async throws {
        try await LiveServer.withSession { server, session in
            try await session.rate(["img-1", "img-2"], 5)
            let stream = try EventStreamClient.open(server, session)
            defer { stream.close() }
            _ = try await stream.event("hello")
            #expect(try await Self.dryRun(session, ["action": "setRating", "args": ["rating": 3]]).status == 200)
            // The next event on the stream is the next real command's: the dry run sent none.
            try await session.perform("selectAll")
            let next = try await stream.event()
            #expect(next.name == "command")
            #expect(next["action"] == "selectAll")
        }
    }

    @Test func batchesAndKeysDryRunToo() async throws {
        try await LiveServer.withUnchangedSession { _, session in
            let batch = try await Self.dryRun(session, ["batch": [
                ["action": "setLabel", "args": ["label": "red"]], ["action": "decreaseRating"], ["action": "setFlag", "args": ["flag": "pick"]],
            ]])
            try #require(batch.status == 200, "\(batch.text)")
            #expect(batch["effects"]?["rating"] == ["count": 2, "before": ["5": 2], "after": ["4": 2]])
            #expect(batch["effects"]?["label"] == ["count": 2, "before": ["none": 2], "after": ["red": 2]])
            #expect(batch["effects"]?["flag"] == ["count": 2, "before": ["none": 2], "after": ["pick": 2]])
            #expect(batch["result"]?.arrayValue?.count == 3)
            #expect(batch["steps"]?.arrayValue?.map { $0["validation"]?["enabled"] } == [true, true, true])

            let key = try await session.client.send(
                "POST", session.path + "/keys?dryRun=1", json: ["key": "0", "modifiers": []], token: session.token)
            try #require(key.status == 200, "\(key.text)")
            #expect(key["action"] == "setRating")
            #expect(key["resolvedBy"]?["menuItem"] == "rating.0")
            #expect(key["effects"]?["rating"]?["after"] == ["0": 2])
        }
    }

    @Test func aDisabledCommandIsDescribedNotRefused() async throws {
        try await LiveServer.withUnchangedSession { _, session in
            // Both images have five stars: none can go up.
            let answer = try await Self.dryRun(session, ["action": "increaseRating"])
            try #require(answer.status == 200, "\(answer.text)")
            #expect(answer["enabled"] == false)
            #expect(answer["reason"]?.stringValue?.isEmpty == false)
            #expect(answer["validation"]?["enabled"] == false)
            #expect(answer["effects"] == [:])
            // What is not there to describe is refused as the command would be.
            expectProblem(try await Self.dryRun(session, ["action": "noSuchAction"]), 404, "not-found")
            expectProblem(try await Self.dryRun(session, ["action": "setRating", "args": ["rating": 9]]), 422, "invalid-argument")
        }
    }

    @Test func aDryRunWithAnIdempotencyKeyRecordsNothing() async throws {
        try await LiveServer.withSession { _, session in
            try await session.rate(["img-1"], 5)
            let headers = ["Idempotency-Key": "dry-1"]
            let body: JSON = ["action": "setRating", "args": ["rating": 2]]
            let dry = try await Self.dryRun(session, body, headers: headers)
            #expect(dry.status == 200)
            #expect(try await session.rating(of: "img-1") == 5)
            let undoDepth = try #require(try await session.state()["windows"]?.arrayValue?.first?["undo"]?["undoDepth"]?.intValue)

            // The same key on the real command performs it: the dry run left no receipt.
            let real = try await session.client.send("POST", session.path + "/commands", json: body, token: session.token, headers: headers)
            #expect(real.status == 200)
            #expect(real.header("Idempotent-Replayed") == nil)
            #expect(try await session.rating(of: "img-1") == 2)
            #expect(try await session.state()["windows"]?.arrayValue?.first?["undo"]?["undoDepth"]?.intValue == undoDepth + 1)
        }
    }
}
