import ChainClient
import ChainModel
import ChainService
import ChainStorage
import Foundation
import Testing

@testable import ChainServer

/// A server in `keys` mode through ChainClient: a session needs a key in force and carries its
/// principal, and a viewer's catalog write is a thrown `forbidden` that changes nothing.
@Suite("ChainClient with API keys, live")
struct ChainKeysTests {
    @Test func aKeyOpensASessionAsItsPrincipal() async throws {
        try await ClientTestServer.with({ $0.authMode = .keys }) { server, client in
            let refused = await #expect(throws: ChainProblem.self) { try await client.openSession() }
            #expect(refused?.kind == .keyRequired && refused?.status == 401)
            let add = { (name: String, role: Role) throws -> String in
                let key = APIKey.make()
                try server.app.storage.addKey(StoredKey(name: name, role: role, digest: APIKey.digest(of: key), created: "2026-01-01T00:00:00Z"))
                return key
            }
            let editor = try await client.openSession(apiKey: try add("eve", .editor))
            #expect(try await editor.state().principal == ChainPrincipal(name: "eve", role: "editor"))
            try await editor.perform(.select(["img-2"]))
            try await editor.perform(.setRating(4))
            #expect(try await editor.image("img-2").rating == 4)

            let viewer = try await client.openSession(apiKey: try add("val", .viewer))
            #expect(try await viewer.state().principal == ChainPrincipal(name: "val", role: "viewer"))
            try await viewer.perform(.select(["img-2"]))
            let forbidden = await #expect(throws: ChainProblem.self) { try await viewer.perform(.setRating(1)) }
            #expect(forbidden?.kind == .forbidden && forbidden?.status == 403)
            #expect(try await viewer.image("img-2").rating == 4)
        }
    }
}
