import ChainModel
import ChainStorage
import ChainSupport
import ChainTestSupport
import Foundation
import Testing

/// API keys behind the storage seam, the same on both engines: only digests stored, a
/// revoked name never given out again, and revoking deletes the principal's stored sessions.
@Suite struct KeyStorageTests {
    static func key(_ name: String, _ role: Role, _ byte: UInt8) -> StoredKey {
        StoredKey(name: name, role: role, digest: [UInt8](repeating: byte, count: 32), created: "2026-01-0\(byte % 9 + 1)T00:00:00Z")
    }

    @Test(arguments: StorageEngine.allCases)
    func keysAreAddedListedFoundAndRevoked(engine: StorageEngine) throws {
        try engine.withLocation { location in
            let store = try location.open()
            defer { store.close() }
            try store.addKey(Self.key("eve", .editor, 1))
            try store.addKey(Self.key("ada", .admin, 2))
            #expect(throws: CatalogStoreError.keyNameTaken("eve")) { try store.addKey(Self.key("eve", .viewer, 3)) }
            #expect(try store.listKeys().map(\.name) == ["ada", "eve"])
            #expect(try store.activeKey(digest: Self.key("", .viewer, 1).digest)?.principal == Principal(name: "eve", role: .editor))
            #expect(try store.activeKey(digest: Self.key("", .viewer, 9).digest) == nil)
            #expect(try store.revokedKeyNames().isEmpty)

            // eve's stored session goes with her key; ada's stays.
            for (id, name) in [("s-eve", "eve"), ("s-ada", "ada")] {
                var create = SessionWrite(
                    id: id, kind: .create(tokenDigest: Array(id.utf8), client: "test", principal: Principal(name: name, role: .editor)))
                (create.state, create.stacks) = (Array("{}".utf8), Array("{}".utf8))
                try store.writeAndWait(StorageWrite(session: create))
            }
            #expect(try store.loadSessions().map(\.principal.name).sorted() == ["ada", "eve"])
            #expect(try store.revokeKey(named: "eve", at: "2026-02-01T00:00:00Z"))
            #expect(try !store.revokeKey(named: "eve", at: "2026-02-02T00:00:00Z"))
            #expect(try !store.revokeKey(named: "nobody", at: "2026-02-02T00:00:00Z"))
            #expect(try store.revokedKeyNames() == ["eve"])
            #expect(try store.activeKey(digest: Self.key("", .viewer, 1).digest) == nil)
            #expect(try store.listKeys().first { $0.name == "eve" }?.revoked == "2026-02-01T00:00:00Z")
            #expect(try store.loadSessions().map(\.principal) == [Principal(name: "ada", role: .editor)])
            #expect(throws: CatalogStoreError.keyNameTaken("eve")) { try store.addKey(Self.key("eve", .viewer, 4)) }
        }
    }

    @Test func postgresTellsOtherStoresOfARevocation() throws {
        try StorageEngine.postgres.withLocation { location in
            let watching = try location.open()
            defer { watching.close() }
            let heard = Lock(0)
            #expect(watching.watchRevocations { heard.withLock { $0 += 1 } })
            let other = try location.open()
            defer { other.close() }
            try other.addKey(Self.key("eve", .editor, 1))
            _ = try other.revokeKey(named: "eve", at: "2026-02-01T00:00:00Z")
            let deadline = ContinuousClock.now + .seconds(10)
            while heard.withLock({ $0 }) == 0, ContinuousClock.now < deadline { usleep(10_000) }
            #expect(heard.withLock { $0 } >= 1)
        }
    }
}
