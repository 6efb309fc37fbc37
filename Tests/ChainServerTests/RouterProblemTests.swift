import ChainTestSupport
import Foundation
import Testing

@testable import ChainServer

/// Requests no route takes, live: unknown and hostile paths answer 404, known paths with
/// another method 405 with `Allow`; none answers 500, changes anything or stops the server.
@Suite("Router problems, live", .serialized)
struct RouterProblemTests {
    /// Sends `method target` exactly as written (no client-side normalisation) with the token.
    static func raw(_ server: LiveServer, _ method: String, _ target: String, token: String) async throws -> LiveResponse {
        let port = server.app.port
        return try await offCooperativePool {
            let connection = try RawHTTPConnection(port: port)
            return LiveResponse(try connection.request(method, target, headers: ["Authorization": "Bearer \(token)"]))
        }
    }

    @Test(arguments: [
        "/web", "/web/", "//", "/v2/images", "/v1", "/v1/images/", "//v1/images", "/v1//images", "/v1/session", "/v1/images/img-1/extra", "/v1/sessions/{id}/commands/extra",
        "/v1/sessions/{id}/undo", "/healthz/now", "/V1/IMAGES", "/v1/images/img-0", "/v1/images/img-00001",
        "/v1/images/img-999999999999999999", "/v1/images/img-99999999999999999999", "/v1/images/IMG-1",
    ])
    func unknownPathIs404(path: String) async throws {
        try await LiveServer.withUnchangedSession { server, session in
            let response = try await server.client.get(path.replacingOccurrences(of: "{id}", with: session.id), token: session.token)

            expectProblem(response, 404, "not-found")
        }
    }

    @Test(arguments: [
        "/v1/sessions/../../etc/passwd",
        "/v1/sessions/{id}/../../../etc/passwd",
        "/v1/sessions/%2e%2e/%2e%2e/etc/passwd",
        "/../../../../etc/passwd",
        "/v1/images/..%2f..%2fcatalog.sqlite",
        "/v1/%ff%fe%fd",
        "/v1/sessions/%C0%AF%C0%AF",
        "/v1/images/img-1%20OR%201=1",
        "/v1/images/img-1;rm%20-rf",
        "/%2F%2F%2F",
        "/v1/sessions/%7B%7D/menu",
        "/v1/images/%25%25%25",
        "/v1/sessions/" + String(repeating: "a", count: 8_000),
        "/v1/images/" + String(repeating: "%41", count: 2_000),
    ])
    func hostilePathIs404(target: String) async throws {
        try await LiveServer.withUnchangedSession { server, session in
            let response = try await Self.raw(server, "GET", target.replacingOccurrences(of: "{id}", with: session.id), token: session.token)

            expectProblem(response, 404, "not-found")
        }
    }

    @Test func pathOverTheConnectionMemoryIsRefusedWithoutA500() async throws {
        try await LiveServer.withUnchangedSession { server, session in
            let response = try await Self.raw(server, "GET", "/v1/sessions/" + String(repeating: "a", count: 70_000), token: session.token)

            #expect(response.status == 414)
        }
    }

    @Test func aTargetOverItsLimitIsAProblem() async throws {
        try await LiveServer.withUnchangedSession { server, session in
            let response = try await Self.raw(server, "GET", "/v1/sessions/" + String(repeating: "a", count: 9_000), token: session.token)

            expectProblem(response, 414, "uri-too-long")
        }
    }

    @Test
    func percentEncodedNULDoesNotCutThePath() async throws {
        try await LiveServer.withUnchangedSession { server, session in
            expectProblem(try await Self.raw(server, "GET", "/v1/images/img-1%00junk", token: session.token), 404, "not-found")
            // The path keeps its "%00": a session path, where POST is not allowed (no session is made).
            expectProblem(try await Self.raw(server, "POST", "/v1/sessions/%00junk", token: session.token), 405, "method-not-allowed")
            expectProblem(try await Self.raw(server, "GET", "/v1/sessions/%00junk", token: session.token), 404, "not-found")
            #expect(metricValue(try await server.client.metrics(), "chain_sessions_live") == 1)
        }
    }

    @Test(arguments: [
        ("PUT", "/v1/sessions/{id}", ["GET", "DELETE"]),
        ("POST", "/v1/sessions/{id}", ["GET", "DELETE"]),
        ("PATCH", "/healthz", ["GET"]),
        ("POST", "/metrics", ["GET"]),
        ("DELETE", "/openapi.json", ["GET"]),
        ("DELETE", "/v1/sessions", ["POST"]),
        ("GET", "/v1/sessions", ["POST"]),
        ("PUT", "/v1/sessions/{id}/menu", ["GET"]),
        ("GET", "/v1/sessions/{id}/commands", ["POST"]),
        ("DELETE", "/v1/sessions/{id}/keys", ["GET", "POST"]),
        ("DELETE", "/v1/images", ["GET"]),
        ("POST", "/v1/images/img-1", ["GET"]),
    ])
    func knownPathWithAnotherMethodIs405WithAllow(method: String, path: String, allowed: [String]) async throws {
        try await LiveServer.withUnchangedSession { server, session in
            let response = try await server.client.send(method, path.replacingOccurrences(of: "{id}", with: session.id), token: session.token)

            expectProblem(response, 405, "method-not-allowed")
            let allow = response.header("Allow")?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(allow.map(Set.init) == Set(allowed))
        }
    }

    @Test func unknownMethodIs405WithAllow() async throws {
        try await LiveServer.withUnchangedSession { server, session in
            let response = try await Self.raw(server, "BREW", "/healthz", token: session.token)

            expectProblem(response, 405, "method-not-allowed")
            #expect(response.header("Allow") == "GET")
        }
    }
}
