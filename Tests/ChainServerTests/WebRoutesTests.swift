import ChainAPI
import Foundation
import Testing

@testable import ChainServer

/// The web client's files over HTTP, live: the page at `/`, its modules under `/web/`, tags
/// and revalidation, the content security policy, and unknown files.
@Suite("Web client routes, live")
struct WebRoutesTests {
    @Test func thePageIsServedAtTheRootWithATagAndAPolicy() async throws {
        try await LiveServer.with { server in
            let page = try await server.client.get("/")
            #expect(page.status == 200)
            #expect(page.header("content-type") == "text/html; charset=utf-8")
            #expect(page.text.contains("<script type=\"module\" src=\"/web/main.js\"></script>"))
            #expect(page.header("cache-control") == "no-cache")
            #expect(page.header("x-content-type-options") == "nosniff")
            let policy = try #require(page.header("content-security-policy"))
            #expect(policy.contains("script-src 'self'"))
            #expect(policy.contains("img-src 'self' blob:"))
            let tag = try #require(page.header("etag"))
            #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && tag.count == 26)

            let again = try await server.client.send("GET", "/", headers: ["If-None-Match": tag])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            #expect(again.header("etag") == tag)
        }
    }

    @Test func everyModuleThePageImportsIsServedAsJavaScript() async throws {
        try await LiveServer.with { server in
            var pending = ["main.js"]
            var seen: Set<String> = []
            while let name = pending.popLast() {
                guard seen.insert(name).inserted else { continue }
                let file = try await server.client.get("/web/" + name)
                #expect(file.status == 200, "\(name)")
                #expect(file.header("content-type") == "text/javascript; charset=utf-8", "\(name)")
                // Imports are `from "./name.js"`: follow them, so a module the page needs but
                // the binary lacks fails here rather than in a browser.
                for line in file.text.split(separator: "\n") where line.hasPrefix("import ") {
                    let quoted = line.split(separator: "\"")
                    if quoted.count >= 2, quoted[1].hasPrefix("./") { pending.append(String(quoted[1].dropFirst(2))) }
                }
            }
            #expect(seen.count >= 8)
            #expect(Set(WebClient.files.keys).subtracting(["app.css"]) == seen)

            let style = try await server.client.get("/web/app.css")
            #expect(style.status == 200)
            #expect(style.header("content-type") == "text/css; charset=utf-8")
        }
    }

    @Test func anUnknownFileIsAProblemNot404HTML() async throws {
        try await LiveServer.with { server in
            for path in ["/web/nope.js", "/web/..%2Fopenapi.json", "/web/main.js%00"] {
                let response = try await server.client.get(path)
                #expect(response.status == 404, "\(path)")
                #expect(response.header("content-type") == "application/problem+json", "\(path)")
                #expect(response["type"] == "/problems/not-found", "\(path)")
            }
            let deeper = try await server.client.get("/web/a/b.js")
            #expect(deeper.status == 404)
        }
    }
}
