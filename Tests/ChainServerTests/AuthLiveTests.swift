import ChainModel
import ChainService
import ChainStorage
import ChainTestSupport
import Foundation
import Testing

@testable import ChainServer

/// Principals on a live server: `keys` mode's API keys, a viewer refused on every route
/// that writes, revocation, who sees image paths, and `proxy` mode.
@Suite("Principals and roles, live")
struct AuthLiveTests {
    /// Adds a key as `chain-server keys add` does and returns it.
    static func addKey(_ server: LiveServer, _ name: String, _ role: Role) throws -> String {
        let key = APIKey.make()
        try server.app.storage.addKey(StoredKey(name: name, role: role, digest: APIKey.digest(of: key), created: "2026-01-01T00:00:00Z"))
        return key
    }

    static func createSession(_ server: LiveServer, key: String?) async throws -> LiveResponse {
        try await server.client.send("POST", "/v1/sessions", token: key)
    }

    static func session(_ server: LiveServer, key: String) async throws -> RemoteSession {
        let response = try await createSession(server, key: key)
        try #require(response.status == 201, "POST /v1/sessions answered \(response.status): \(response.text)")
        return RemoteSession(
            id: try #require(response["id"]?.stringValue), token: try #require(response["token"]?.stringValue), client: server.client)
    }

    /// Every route a viewer may not write through, each as a request that would write.
    static func writes(_ session: RemoteSession) async throws -> [(String, LiveResponse)] {
        [
            ("setRating", try await session.command(["action": "setRating", "args": ["rating": 3]])),
            ("setLabel", try await session.command(["action": "setLabel", "args": ["label": "red"]])),
            ("setFlag", try await session.command(["action": "setFlag", "args": ["flag": "pick"]])),
            ("increaseRating", try await session.command(["action": "increaseRating"])),
            ("menu item", try await session.command(["item": "rating.3"])),
            ("batch", try await session.command(["batch": [["action": "setRating", "args": ["rating": 2]]]])),
            ("key 3", try await session.key("3")),
        ]
    }

    @Test func keysModeNeedsAKnownKeyToMakeASession() async throws {
        try await LiveServer.with({ $0.authMode = .keys }) { server in
            expectProblem(try await Self.createSession(server, key: nil), 401, "key-required")
            expectProblem(try await Self.createSession(server, key: APIKey.make()), 401, "key-required")
            let key = try Self.addKey(server, "eve", .editor)
            let created = try await Self.createSession(server, key: key)
            #expect(created.status == 201)
            #expect(created["principal"] == ["name": "eve", "role": "editor"])
            let session = try await Self.session(server, key: key)
            #expect(try await session.state()["principal"] == ["name": "eve", "role": "editor"])
            try await session.rate(["img-4"], 5)
            #expect(try await session.rating(of: "img-4") == 5)
        }
    }

    @Test func openModeIsTheAnonymousEditor() async throws {
        try await LiveServer.withSession { _, session in
            let state = try await session.state()
            #expect(state["principal"] == ["name": "anonymous", "role": "editor"])
        }
    }

    @Test func everyWriteRouteRefusesAViewerAndChangesNothing() async throws {
        try await LiveServer.with({ $0.authMode = .keys }) { server in
            let viewer = try await Self.session(server, key: try Self.addKey(server, "val", .viewer))
            try await viewer.perform("select", ["images": ["img-1", "img-2"]])
            let before = try await viewer.ratings(of: ["img-1", "img-2"])
            for (name, response) in try await Self.writes(viewer) {
                expectProblem(response, 403, "forbidden")
                #expect(response["reason"]?.stringValue == "read-only", "\(name)")
            }
            #expect(try await viewer.ratings(of: ["img-1", "img-2"]) == before)
            // The menu shows the writes disabled, read-only, with the trace saying so.
            let menu = try #require(try await viewer.menu(explain: true).json)
            let item = try #require(menu.menuItem("rating.3"))
            #expect(item["enabled"] == false)
            #expect(item.text.contains("read-only"))
            // Reading and moving around are a viewer's to do.
            try await viewer.perform("openImage", ["image": "img-2"])
            #expect(try await viewer.rating(of: "img-2") == before[1])
        }
    }

    @Test func aRevokedKeyEndsItsSessionsAndMakesNoMore() async throws {
        try await LiveServer.with({ $0.authMode = .keys }) { server in
            let key = try Self.addKey(server, "mallory", .editor)
            let session = try await Self.session(server, key: key)
            let stream = try EventStreamClient(port: server.app.port, session: session)
            _ = try await stream.event("hello")
            #expect(try server.app.storage.revokeKey(named: "mallory", at: "2026-01-02T00:00:00Z"))
            // The server polls once a second, off the request path.
            let ended = try await stream.event("ended")
            #expect(ended["reason"] == "revoked")
            expectProblem(try await session.command(["action": "setRating", "args": ["rating": 1]]), 401, "unauthorized")
            expectProblem(try await Self.createSession(server, key: key), 401, "key-required")
            #expect(throws: CatalogStoreError.keyNameTaken("mallory")) {
                try server.app.storage.addKey(StoredKey(name: "mallory", role: .admin, digest: APIKey.digest(of: APIKey.make()), created: ""))
            }
        }
    }

    @Test func onlyAnAdminSeesPaths() async throws {
        try await LiveServer.with({ $0.authMode = .keys }) { server in
            _ = try server.app.storage.insert([ImageRecord(name: "secret.jpg", path: "/srv/photos/secret.jpg")])
            let id = "img-\(LiveServer.demoImages + 1)"
            let admin = try await Self.session(server, key: try Self.addKey(server, "root", .admin))
            let editor = try await Self.session(server, key: try Self.addKey(server, "ed", .editor))
            let viewer = try await Self.session(server, key: try Self.addKey(server, "vi", .viewer))
            let reads = ["/v1/images/\(id)", "/v1/images?after=img-\(LiveServer.demoImages)"]
            // Each read twice and in both orders, so neither's kept bytes reach the other.
            for session in [editor, admin, viewer, admin, editor] {
                for read in reads {
                    let response = try await session.client.get(read, token: session.token)
                    #expect(response.status == 200, "\(read): \(response.text.prefix(200))")
                    let seesPath = response.text.contains("/srv/photos/secret.jpg")
                    #expect(seesPath == (session.id == admin.id), "\(read) as \(session.id == admin.id ? "admin" : "non-admin")")
                    #expect(response.text.contains("\"path\"") == (session.id == admin.id))
                }
            }
            // A grid page of the same working set is its own for an admin: another tag, bytes never shared.
            var tags: [String: String] = [:]
            for session in [editor, admin, viewer] {
                let response = try await session.client.get("/v1/sessions/\(session.id)/grid", token: session.token)
                #expect(response.status == 200)
                tags[session.id] = response.header("ETag")
                if session.id != admin.id { #expect(!response.text.contains("\"path\"")) }
            }
            #expect(tags[editor.id] == tags[viewer.id] && tags[editor.id] != tags[admin.id])
        }
    }

    @Test func proxyModeTakesTheUserFromATrustedProxyOnly() async throws {
        try await LiveServer.with({ $0.authMode = .proxy }) { server in
            // Not trusted: refused whatever the header says.
            let refused = try await server.client.send("POST", "/v1/sessions", headers: ["X-Forwarded-User": "eve"])
            expectProblem(refused, 403, "forbidden")
        }
        try await LiveServer.with({ $0.authMode = .proxy; $0.trustedProxies = ["127.0.0.1", "::1"] }) { server in
            let created = try await server.client.send("POST", "/v1/sessions", headers: ["X-Forwarded-User": "eve"])
            #expect(created.status == 201)
            #expect(created["principal"] == ["name": "eve", "role": "viewer"])
            _ = try Self.addKey(server, "boss", .admin)
            let boss = try await server.client.send("POST", "/v1/sessions", headers: ["X-Forwarded-User": "boss"])
            #expect(boss["principal"] == ["name": "boss", "role": "admin"])
            expectProblem(try await server.client.send("POST", "/v1/sessions"), 401, "unauthorized")
            expectProblem(try await server.client.send("POST", "/v1/sessions", headers: ["X-Forwarded-User": "a b\u{7F}"]), 401, "unauthorized")
        }
    }

    @Test func aSessionKeepsItsPrincipalAcrossARestart() async throws {
        let directory = TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let session: RemoteSession
        do {
            let first = try LiveServer(dataDirectory: directory) { $0.authMode = .keys }
            defer { first.stop() }
            session = try await Self.session(first, key: try Self.addKey(first, "vic", .viewer))
        }
        let second = try LiveServer(dataDirectory: directory) { $0.authMode = .keys }
        defer { second.stop() }
        let again = RemoteSession(id: session.id, token: session.token, client: second.client)
        #expect(try await again.state()["principal"] == ["name": "vic", "role": "viewer"])
        expectProblem(try await again.command(["action": "setRating", "args": ["rating": 3]]), 403, "forbidden")
    }
}
