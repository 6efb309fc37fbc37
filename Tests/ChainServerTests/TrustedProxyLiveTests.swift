import Testing

@testable import ChainServer

/// `http.trustedProxies` on a live server: behind nginx every request comes from nginx's
/// address, and the per-client session cap must count the clients nginx names instead.
@Suite("Trusted proxies, live")
struct TrustedProxyLiveTests {
    static func create(_ server: LiveServer, forwardedFor: String?) async throws -> LiveResponse {
        try await server.client.send("POST", "/v1/sessions", json: [:], headers: forwardedFor.map { ["X-Forwarded-For": $0] } ?? [:])
    }

    @Test func behindATrustedProxyEachClientHasItsOwnSessionCap() async throws {
        try await LiveServer.with({ $0.trustedProxies = ["127.0.0.1", "::1"]; $0.maxSessionsPerClient = 1 }) { server in
            #expect(try await Self.create(server, forwardedFor: "203.0.113.7").status == 201)
            expectProblem(try await Self.create(server, forwardedFor: "203.0.113.7"), 503, "too-many-sessions")
            // Another client behind the same proxy has a cap of its own, whatever it claims
            // left of the address the proxy saw.
            #expect(try await Self.create(server, forwardedFor: "203.0.113.7, 198.51.100.4").status == 201)
            expectProblem(try await Self.create(server, forwardedFor: "198.51.100.4"), 503, "too-many-sessions")
        }
    }

    @Test func withoutTrustTheHeaderIsIgnored() async throws {
        try await LiveServer.with({ $0.maxSessionsPerClient = 1 }) { server in
            #expect(try await Self.create(server, forwardedFor: "203.0.113.7").status == 201)
            // Every request comes from this test's own address, whatever the header says.
            expectProblem(try await Self.create(server, forwardedFor: "198.51.100.4"), 503, "too-many-sessions")
        }
    }
}
