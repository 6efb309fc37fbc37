import ChainModel
import Foundation
import Testing

@testable import ChainServer

/// Many clients at once, live: on one session (its requests are serialized) and on many
/// (each owning its images). Every request is answered 200, no acknowledged update is lost,
/// and the commits show up in the metrics.
@Suite("Command routes concurrency, live")
struct CommandRoutesConcurrencyTests {
    static let clients = 16

    /// Sends `commands` concurrently, one task per list, each list in order; answers per list.
    static func concurrently(_ session: RemoteSession, _ commands: [[JSON]]) async throws -> [[LiveResponse]] {
        try await withThrowingTaskGroup(of: (Int, [LiveResponse]).self) { group in
            for (index, list) in commands.enumerated() {
                group.addTask {
                    var answers: [LiveResponse] = []
                    for command in list { answers.append(try await session.command(command)) }
                    return (index, answers)
                }
            }
            var answers = Array(repeating: [LiveResponse](), count: commands.count)
            for try await (index, list) in group { answers[index] = list }
            return answers
        }
    }

    /// The one rating all of `images` have in a `ratingChanged` event (nil when they differ).
    static func commonRating(_ response: LiveResponse, of images: [String]) -> Int? {
        let changed = response["events"]?.arrayValue?.first { $0["type"] == "ratingChanged" }?["images"]?.arrayValue ?? []
        guard changed.compactMap({ $0["id"]?.stringValue }) == images else { return nil }
        let ratings = Set(changed.compactMap { $0["rating"]?.intValue })
        return ratings.count == 1 ? ratings.first : nil
    }

    /// 16 clients × 6 `setRating` on one selection: 96 changes, within the window's 100
    /// undo levels, so undoing them one by one must replay every acknowledged value exactly once.
    @Test func manyClientsOnOneSessionLoseNoUpdate() async throws {
        try await LiveServer.with { server in
            let images = imageIDs(21...23)
            let session = try await server.client.createSession()
            try await session.rate(images, 0)
            let perClient = 6
            let commands: [[JSON]] = (0..<Self.clients).map { client in
                (0..<perClient).map { step in ["action": "setRating", "args": ["rating": .number(Double((client + step) % 6))]] }
            }
            let sent = commands.flatMap { $0 }.compactMap { $0["args"]?["rating"]?.intValue }

            let answers = try await Self.concurrently(session, commands).flatMap { $0 }

            #expect(answers.count == sent.count)
            #expect(answers.allSatisfy { $0.status == 200 })
            let final = try await session.ratings(of: images)
            #expect(Set(final).count == 1)
            var replayed = [try #require(final.first)]
            for _ in 0..<sent.count {
                let undo = try await session.perform("undo")
                replayed.append(try #require(Self.commonRating(undo, of: images), "undo tore the selection apart: \(undo.text)"))
            }
            #expect(replayed.last == 0)
            #expect(replayed.dropLast().sorted() == sent.sorted())
            #expect(try await session.perform("undo")["result"]?["undone"] == "Set Rating")
            expectProblem(try await session.command(["action": "undo"]), 409, "disabled")

            let writes = Double(1 + sent.count + sent.count + 1)
            let metrics = try await server.client.metrics()
            #expect(metricValue(metrics, "chain_catalog_commit_batches_sum") == writes)
            #expect(metricValue(metrics, "chain_catalog_committed_rows_total") == writes * Double(images.count))
            #expect(metricValue(metrics, "chain_catalog_commit_batches_count") == metricValue(metrics, "chain_catalog_commits_total"))
            #expect(metricValue(metrics, #"chain_commands_total{action="setRating",outcome="ok"}"#) == Double(1 + sent.count))
        }
    }

    /// Five concurrent `increaseRating` from 0 can only end at 5, and five `decreaseRating` back at 0.
    @Test func concurrentIncreasesOnOneSessionAllCount() async throws {
        try await LiveServer.with { server in
            let images = imageIDs(24...26)
            let session = try await server.client.createSession()
            try await session.rate(images, 0)

            let up = try await Self.concurrently(session, Array(repeating: [["action": "increaseRating"]], count: 5)).flatMap { $0 }
            #expect(up.map(\.status) == Array(repeating: 200, count: 5))
            #expect(try await session.ratings(of: images) == [5, 5, 5])
            #expect(Set(up.compactMap { Self.commonRating($0, of: images) }) == [1, 2, 3, 4, 5])

            let down = try await Self.concurrently(session, Array(repeating: [["action": "decreaseRating"]], count: 5)).flatMap { $0 }
            #expect(down.map(\.status) == Array(repeating: 200, count: 5))
            #expect(try await session.ratings(of: images) == [0, 0, 0])
        }
    }

    /// One session per client, each owning three images and sending a known sequence.
    @Test func manySessionsRatingTheirOwnImagesLoseNoUpdate() async throws {
        try await LiveServer.with { server in
            var created: [RemoteSession] = []
            for _ in 0..<Self.clients { created.append(try await server.client.createSession()) }
            let sessions = created
            let owned = (0..<Self.clients).map { imageIDs((1 + 3 * $0)...(3 + 3 * $0)) }
            let last = (0..<Self.clients).map { ($0 * 5 + 1) % 6 }
            func script(_ client: Int) -> [JSON] {
                [
                    ["action": "select", "args": ["images": .array(owned[client].map(JSON.string))]],
                    ["action": "setRating", "args": ["rating": 2]],
                    ["action": "increaseRating"],
                    ["action": "increaseRating"],
                    ["action": "decreaseRating"],
                    ["action": "setRating", "args": ["rating": .number(Double(client % 6))]],
                    ["action": "undo"],
                    ["action": "redo"],
                    ["action": "setRating", "args": ["rating": .number(Double(last[client]))]],
                ]
            }
            let scripts = (0..<Self.clients).map(script)
            let expected = [nil, 2, 3, 4, 3, nil, 3, nil, nil]

            let answers = try await withThrowingTaskGroup(of: (Int, [LiveResponse]).self) { group in
                for client in 0..<Self.clients {
                    group.addTask { (client, try await Self.concurrently(sessions[client], [scripts[client]])[0]) }
                }
                var answers = Array(repeating: [LiveResponse](), count: Self.clients)
                for try await (client, list) in group { answers[client] = list }
                return answers
            }

            for client in 0..<Self.clients {
                #expect(answers[client].map(\.status) == Array(repeating: 200, count: 9), "client \(client)")
                for (step, rating) in expected.enumerated() where rating != nil {
                    #expect(Self.commonRating(answers[client][step], of: owned[client]) == rating, "client \(client) step \(step)")
                }
                #expect(Self.commonRating(answers[client][7], of: owned[client]) == client % 6)
                #expect(try await sessions[client].ratings(of: owned[client]) == Array(repeating: last[client], count: 3))
            }
            let writes = Double(Self.clients * 8)
            let metrics = try await server.client.metrics()
            #expect(metricValue(metrics, "chain_catalog_commit_batches_sum") == writes)
            #expect(metricValue(metrics, "chain_catalog_committed_rows_total") == writes * 3)
            let commits = try #require(metricValue(metrics, "chain_catalog_commits_total"))
            #expect(commits >= 1 && commits <= writes)
            #expect(metricValue(metrics, "chain_catalog_commit_batches_count") == commits)
            #expect(metricValue(metrics, #"chain_catalog_commit_batches_bucket{le="+Inf"}"#) == commits)
            #expect(metricValue(metrics, #"chain_http_requests_total{route="/v1/sessions/{id}/commands",method="POST",status="200"}"#)
                == Double(Self.clients * 9))
            #expect(metricValue(metrics, "chain_sessions_live") == Double(Self.clients))
        }
    }

    /// Five sessions each raise the same image once, at the same time: five acknowledged
    /// increases from 0 must leave it at 5.
    @Test
    func concurrentIncreasesFromManySessionsOnOneImageAllCount() async throws {
        try await LiveServer.with { server in
            var created: [RemoteSession] = []
            for _ in 0..<5 {
                let session = try await server.client.createSession()
                try await session.perform("select", ["images": ["img-50"]])
                created.append(session)
            }
            try await created[0].perform("setRating", ["rating": 0])
            let sessions = created

            let answers = try await withThrowingTaskGroup(of: LiveResponse.self) { group in
                for session in sessions { group.addTask { try await session.command(["action": "increaseRating"]) } }
                var answers: [LiveResponse] = []
                for try await answer in group { answers.append(answer) }
                return answers
            }

            #expect(answers.map(\.status) == Array(repeating: 200, count: 5))
            #expect(Set(answers.compactMap { Self.commonRating($0, of: ["img-50"]) }) == [1, 2, 3, 4, 5])
            #expect(try await sessions[0].rating(of: "img-50") == 5)
        }
    }
}
