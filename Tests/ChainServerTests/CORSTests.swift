import ChainHTTP
import Foundation
import Testing

@testable import ChainServer

/// `http.corsOrigins`: a listed origin's preflight and requests get CORS headers, live; any
/// other origin gets none.
@Suite("CORS, live")
struct CORSTests {
    static let origin = "https://photos.example"

    static func withServer(_ body: (LiveServer) async throws -> Void) async throws {
        try await LiveServer.with({ $0.corsOrigins = [origin, "http://localhost:3000"] }, body)
    }

    @Test func aListedOriginsPreflightNamesThePathsMethodsAndHeaders() async throws {
        try await Self.withServer { server in
            let session = try await server.client.createSession()
            let preflight = try await server.client.send(
                "OPTIONS", "/v1/sessions/\(session.id)/commands",
                headers: ["Origin": Self.origin, "Access-Control-Request-Method": "POST",
                          "Access-Control-Request-Headers": "authorization, content-type"])
            #expect(preflight.status == 204)
            #expect(preflight.header("access-control-allow-origin") == Self.origin)
            #expect(preflight.header("access-control-allow-methods") == "POST")
            let headers = try #require(preflight.header("access-control-allow-headers"))
            for name in ["Authorization", "Content-Type", "If-Match", "Idempotency-Key", "Last-Event-ID"] {
                #expect(headers.contains(name), "\(name)")
            }
            #expect(preflight.header("vary") == "Origin")

            let menu = try await server.client.send("OPTIONS", "/v1/sessions/\(session.id)/menu",
                                                    headers: ["Origin": Self.origin, "Access-Control-Request-Method": "GET"])
            #expect(menu.header("access-control-allow-methods") == "GET, HEAD")
        }
    }

    @Test func aListedOriginsRequestsAndProblemsCarryTheOrigin() async throws {
        try await Self.withServer { server in
            let session = try await server.client.createSession()
            let menu = try await server.client.send("GET", "/v1/sessions/\(session.id)/menu", token: session.token,
                                                    headers: ["Origin": Self.origin])
            #expect(menu.status == 200)
            #expect(menu.header("access-control-allow-origin") == Self.origin)
            #expect(menu.header("access-control-expose-headers")?.contains("ETag") == true)
            #expect(menu.header("access-control-expose-headers")?.contains("Location") == true)

            let problem = try await server.client.send("GET", "/v1/sessions/\(session.id)/menu", headers: ["Origin": Self.origin])
            #expect(problem.status == 401)
            #expect(problem.header("access-control-allow-origin") == Self.origin, "a page can read why it failed")
        }
    }

    @Test func anyOtherOriginGetsNoCORSHeadersAndNoPreflight() async throws {
        try await Self.withServer { server in
            let session = try await server.client.createSession()
            for origin in ["https://evil.example", "https://photos.example.evil.example", "null", "https://photos.example/"] {
                let preflight = try await server.client.send(
                    "OPTIONS", "/v1/sessions/\(session.id)/commands",
                    headers: ["Origin": origin, "Access-Control-Request-Method": "POST"])
                #expect(preflight.status == 405, "\(origin)")
                #expect(preflight.header("access-control-allow-origin") == nil, "\(origin)")
                let read = try await server.client.send("GET", "/healthz", headers: ["Origin": origin])
                #expect(read.status == 200)
                #expect(read.header("access-control-allow-origin") == nil, "\(origin)")
                #expect(read.header("vary") == "Origin", "caches keep listed and unlisted answers apart")
            }
            let none = try await server.client.get("/healthz")
            #expect(none.header("vary") == "Origin")
        }
    }

    @Test func withNoOriginsListedNothingChanges() async throws {
        try await LiveServer.with { server in
            let read = try await server.client.send("GET", "/healthz", headers: ["Origin": Self.origin])
            #expect(read.header("access-control-allow-origin") == nil)
            #expect(read.header("vary") == nil)
            let preflight = try await server.client.send("OPTIONS", "/healthz",
                                                         headers: ["Origin": Self.origin, "Access-Control-Request-Method": "GET"])
            #expect(preflight.status == 405)
        }
    }

    @Test(arguments: [
        ("https://photos.example", true), ("http://localhost:3000", true), ("http://[::1]:8080", true),
        ("http://127.0.0.1", true), ("https://photos.example/", false), ("https://photos.example/app", false),
        ("*", false), ("null", false), ("ftp://x.example", false), ("https://", false),
        ("https://a.example:0", false), ("https://a.example:99999", false), ("https://a b.example", false),
        ("https://a.example:443", false), ("http://a.example:80", false), ("http://a.example:8080", true),
    ])
    func originsAreRecognised(_ text: String, _ isOrigin: Bool) {
        #expect(CORSPolicy.isOrigin(text) == isOrigin)
    }
}
