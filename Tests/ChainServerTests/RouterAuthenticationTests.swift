import Foundation
import Testing

@testable import ChainServer

/// Session tokens over HTTP, live: who may read and act on a session, when a token stops
/// working (ended, expired), and that refusals change nothing.
@Suite("Router authentication, live", .serialized)
struct RouterAuthenticationTests {
    /// A bad `Authorization` header, made from the session's own token and another live one.
    enum Credential: String, CaseIterable, Sendable {
        case missing, wrongToken, otherSessionsToken, basicScheme, emptyBearer, tokenWithSuffix, tokenPrefix

        func header(own: String, other: String) -> String? {
            switch self {
            case .missing: nil
            case .wrongToken: "Bearer " + String(repeating: "A", count: 43)
            case .otherSessionsToken: "Bearer " + other
            case .basicScheme: "Basic " + own
            case .emptyBearer: "Bearer "
            case .tokenWithSuffix: "Bearer " + own + "x"
            case .tokenPrefix: "Bearer " + own.dropLast()
            }
        }
    }

    /// A session endpoint, with a body that would change something if it got through.
    struct Endpoint: Sendable, CustomTestStringConvertible {
        let method: String
        let suffix: String
        let body: String?

        var bytes: [UInt8]? { body.map { Array($0.utf8) } }
        var testDescription: String { "\(method) /v1/sessions/{id}\(suffix)" }
    }

    static let sessionEndpoints = [
        Endpoint(method: "GET", suffix: "", body: nil),
        Endpoint(method: "DELETE", suffix: "", body: nil),
        Endpoint(method: "GET", suffix: "/menu", body: nil),
        Endpoint(method: "POST", suffix: "/commands", body: #"{"action":"setRating","args":{"rating":1}}"#),
        Endpoint(method: "POST", suffix: "/keys", body: #"{"key":"0","modifiers":[]}"#),
    ]

    @Test(arguments: Credential.allCases, sessionEndpoints)
    func sessionEndpointWithoutItsOwnTokenIs401(credential: Credential, endpoint: Endpoint) async throws {
        try await LiveServer.withUnchangedSession { server, session in
            let other = try await server.client.createSession()

            let response = try await server.client.send(
                endpoint.method, session.path + endpoint.suffix, bytes: endpoint.bytes,
                authorization: credential.header(own: session.token, other: other.token))

            expectProblem(response, 401, "unauthorized")
            #expect(response.header("WWW-Authenticate") == "Bearer")
        }
    }

    @Test(arguments: Credential.allCases.filter { $0 != .otherSessionsToken }, ["/v1/images", "/v1/images/img-1"])
    func imagesWithoutALiveTokenAre401(credential: Credential, path: String) async throws {
        try await LiveServer.withUnchangedSession { server, session in
            let response = try await server.client.send(
                "GET", path, authorization: credential.header(own: session.token, other: session.token))

            expectProblem(response, 401, "unauthorized")
        }
    }

    @Test(arguments: ["0123456789abcdef0123456789abcdef", "nope"], sessionEndpoints)
    func unknownSessionIdWithAValidTokenIs404(id: String, endpoint: Endpoint) async throws {
        try await LiveServer.withUnchangedSession { server, session in
            let response = try await server.client.send(
                endpoint.method, "/v1/sessions/\(id)" + endpoint.suffix, bytes: endpoint.bytes, token: session.token)

            expectProblem(response, 404, "not-found")
        }
    }

    @Test func bearerSchemeIsCaseInsensitive() async throws {
        try await LiveServer.with { server in
            let session = try await server.client.createSession()

            let response = try await server.client.send("GET", session.path, authorization: "bearer \(session.token)")

            #expect(response.status == 200)
            #expect(response["id"]?.stringValue == session.id)
        }
    }

    @Test func sessionsAreIsolatedButImagesAcceptEitherToken() async throws {
        try await LiveServer.with { server in
            let a = try await server.client.createSession()
            let b = try await server.client.createSession()
            try await a.rate(["img-1"], 2)
            try await b.rate(["img-2"], 3)

            let bReadsA = try await server.client.get(a.path, token: b.token)
            let bActsOnA = try await server.client.post(a.path + "/commands", ["action": "setRating", "args": ["rating": 5]], token: b.token)
            let bMenuOfA = try await server.client.get(a.path + "/menu", token: b.token)

            expectProblem(bReadsA, 401, "unauthorized")
            expectProblem(bActsOnA, 401, "unauthorized")
            expectProblem(bMenuOfA, 401, "unauthorized")
            #expect(try await a.state()["windows"]?.arrayValue?.first?["grid"]?["selection"] == ["img-1"])
            #expect(try await b.state()["windows"]?.arrayValue?.first?["grid"]?["selection"] == ["img-2"])
            for token in [a.token, b.token] {
                #expect(try await server.client.get("/v1/images?limit=5", token: token).status == 200)
                #expect(try await server.client.rating(of: "img-1", token: token) == 2)
                #expect(try await server.client.rating(of: "img-2", token: token) == 3)
            }
        }
    }

    @Test func deleteEndsTheSessionAtOnce() async throws {
        try await LiveServer.with { server in
            let a = try await server.client.createSession()
            let b = try await server.client.createSession()

            #expect(try await server.client.send("DELETE", a.path, token: a.token).status == 204)

            expectProblem(try await server.client.get(a.path, token: a.token), 401, "unauthorized")
            expectProblem(try await a.command(["action": "selectAll"]), 401, "unauthorized")
            expectProblem(try await server.client.get("/v1/images", token: a.token), 401, "unauthorized")
            expectProblem(try await server.client.send("DELETE", a.path, token: a.token), 401, "unauthorized")
            expectProblem(try await server.client.get(a.path, token: b.token), 404, "not-found")
            #expect(try await b.state()["id"]?.stringValue == b.id)
            #expect(metricValue(try await server.client.metrics(), "chain_sessions_live") == 1)
        }
    }

    /// Only the expired side is asserted: whether a request comes within the second depends
    /// on the load the machine is under; whether it comes after it does not.
    @Test func sessionUnusedForLongerThanTheIdleTimeIs401() async throws {
        try await LiveServer.with({ $0.sessionIdleSeconds = 1 }) { server in
            let idle = try await server.client.createSession()
            let alsoIdle = try await server.client.createSession()

            try await Task.sleep(for: .milliseconds(1_200))

            expectProblem(try await server.client.get(idle.path, token: idle.token), 401, "unauthorized")
            expectProblem(try await server.client.get("/v1/images", token: alsoIdle.token), 401, "unauthorized")
            expectProblem(try await alsoIdle.command(["action": "selectAll"]), 401, "unauthorized")
            #expect(metricValue(try await server.client.metrics(), "chain_sessions_live") == 0)
        }
    }
}
