import ChainModel
import ChainService
import ChainSupport
import Foundation
import Synchronization
import Testing

/// The live sessions: bearer parsing, lookup by token, ending, idle expiry and the cap.
@Suite("SessionRegistry")
struct SessionRegistryTests {
    static func session(_ result: SessionRegistry.Authentication) -> LiveSession? {
        if case .valid(let session) = result { return session }
        return nil
    }

    static func isMissing(_ result: SessionRegistry.Authentication) -> Bool {
        if case .missing = result { return true }
        return false
    }

    static func isInvalid(_ result: SessionRegistry.Authentication) -> Bool {
        if case .invalid = result { return true }
        return false
    }

    @Test func aCreatedSessionIsFoundByItsTokenOnly() throws {
        let registry = SessionRegistry(idleExpiry: .seconds(60), maxSessions: 10)
        let (session, token) = try registry.create()
        let (other, otherToken) = try registry.create()

        #expect(Self.session(registry.authenticate(token: token))?.id == session.id)
        #expect(Self.session(registry.authenticate(token: "\(otherToken)"))?.id == other.id)
        #expect(Self.isInvalid(registry.authenticate(token: "\(token)x")))
        #expect(Self.isInvalid(registry.authenticate(token: "\(SessionToken.make())")))
        #expect(Self.isMissing(registry.authenticate(token: nil)))
        #expect(session.tokenDigest == SessionToken.digest(of: token))
        #expect(session.id != other.id)
        #expect(registry.contains(id: session.id))
        #expect(!registry.contains(id: "nope"))
        #expect(registry.liveCount == 2)
    }

    @Test func anEndedSessionIsGone() throws {
        let registry = SessionRegistry(idleExpiry: .seconds(60), maxSessions: 10)
        let (session, token) = try registry.create()

        registry.end(session)

        #expect(Self.isInvalid(registry.authenticate(token: token)))
        #expect(!registry.contains(id: session.id))
        #expect(registry.liveCount == 0)
        registry.end(session)
        #expect(registry.liveCount == 0)
    }

    /// With storage shared by other instances, a use is stored at most once a `useInterval`
    /// for each session: not right after creation (storing it counted), and for a session
    /// taken in from storage on its first use. (An hour apart here, so no use of the test's
    /// falls due however slowly it runs.)
    @Test func aUseIsStoredOnceAnIntervalForEachSession() throws {
        let stored = Lock<[String]>([])
        let elsewhere = LiveSession(id: "s-elsewhere", tokenDigest: SessionToken.digest(of: "elsewhere"), now: .now)
        let registry = SessionRegistry(
            idleExpiry: .seconds(7200), maxSessions: 10,
            load: { digest in digest == elsewhere.tokenDigest ? .found(elsewhere) : .absent },
            storeUse: { session in stored.withLock { $0.append(session.id) } }, useInterval: .seconds(3600))
        let (_, token) = try registry.create()
        for _ in 0..<5 { #expect(Self.session(registry.authenticate(token: token)) != nil) }
        #expect(stored.withLock { $0 }.isEmpty)

        // A session another instance created: its first use here is stored, the next not.
        for _ in 0..<3 { #expect(Self.session(registry.authenticate(token: "elsewhere"))?.id == "s-elsewhere") }
        #expect(stored.withLock { $0 } == ["s-elsewhere"])

        // A use that failed to store is stored again at the next one.
        elsewhere.storedUseFailed()
        _ = registry.authenticate(token: "elsewhere")
        _ = registry.authenticate(token: "elsewhere")
        #expect(stored.withLock { $0 } == ["s-elsewhere", "s-elsewhere"])
    }

    /// With shared storage, a copy that expired here is not ended at once: storage is asked
    /// whether some instance used the session lately, and if so the copy serves on. If not,
    /// it ends as expired. (An expiry of a second, so the test's own steps never outlast it.)
    @Test func anExpiredCopyAsksSharedStorageWhetherTheSessionIsInUseElsewhere() async throws {
        let asked = Lock(0)
        let inUseElsewhere = Lock(true)
        let ended = Lock<[SessionEndReason]>([])
        let registry = SessionRegistry(
            idleExpiry: .seconds(1), maxSessions: 10,
            onEnd: { _, reason in ended.withLock { $0.append(reason) } },
            load: { digest in
                asked.withLock { $0 += 1 }
                return inUseElsewhere.withLock { $0 } ? .found(LiveSession(id: "fresh", tokenDigest: digest, now: .now)) : .idle
            },
            storeUse: { _ in }, useInterval: .milliseconds(200))
        #expect(registry.localExpiry == .milliseconds(1200))
        #expect(registry.inUseWithin == .milliseconds(1100))
        let (session, token) = try registry.create()
        #expect(Self.session(registry.authenticate(token: token)) === session)
        #expect(asked.withLock { $0 } == 0, "a copy held and live asks storage nothing")

        try await Task.sleep(for: .milliseconds(1300))
        #expect(Self.session(registry.authenticate(token: token)) === session, "the copy serves on")
        #expect(asked.withLock { $0 } == 1)
        #expect(ended.withLock { $0 }.isEmpty)

        try await Task.sleep(for: .milliseconds(1300))
        inUseElsewhere.withLock { $0 = false }
        #expect(Self.isInvalid(registry.authenticate(token: token)))
        #expect(ended.withLock { $0 } == [.expired])
        #expect(session.isEnded)
        // Stored but idle is not "never existed": asked about again, storage is asked again.
        #expect(Self.isInvalid(registry.authenticate(token: token)))
        #expect(asked.withLock { $0 } == 3)
        #expect(registry.liveCount == 0)
    }

    /// Once the interval has passed, the next use is stored.
    @Test func aUseIsStoredAgainOnceTheIntervalPassed() async throws {
        let stored = Lock<[String]>([])
        let registry = SessionRegistry(
            idleExpiry: .seconds(7200), maxSessions: 10,
            storeUse: { session in stored.withLock { $0.append(session.id) } }, useInterval: .milliseconds(50))
        let (session, token) = try registry.create()
        try await Task.sleep(for: .milliseconds(60))
        _ = registry.authenticate(token: token)
        #expect(stored.withLock { $0 } == [session.id])
    }

    @Test func theUseIntervalIsAQuarterOfTheExpiryAndAtMostAMinute() {
        #expect(SessionRegistry(idleExpiry: .seconds(1800), maxSessions: 1).useInterval == .seconds(60))
        #expect(SessionRegistry(idleExpiry: .seconds(120), maxSessions: 1).useInterval == .seconds(30))
        #expect(SessionRegistry(idleExpiry: .seconds(2), maxSessions: 1).useInterval == .milliseconds(500))
    }

    @Test func anIdleSessionExpires() async throws {
        let registry = SessionRegistry(idleExpiry: .milliseconds(100), maxSessions: 10)
        let (session, token) = try registry.create()

        try await Task.sleep(for: .milliseconds(250))

        #expect(!registry.contains(id: session.id))
        #expect(Self.isInvalid(registry.authenticate(token: token)))
        #expect(registry.liveCount == 0)
    }

    @Test func authenticatingTouchesTheSession() throws {
        let registry = SessionRegistry(idleExpiry: .seconds(60), maxSessions: 10)
        let (session, token) = try registry.create()
        let created = session.lastUsed

        _ = registry.authenticate(token: token)

        #expect(session.lastUsed > created)
    }

    @Test func creatingBeyondMaxSessionsThrowsUntilOneEnds() throws {
        let registry = SessionRegistry(idleExpiry: .seconds(60), maxSessions: 2)
        let (first, _) = try registry.create()
        _ = try registry.create()

        #expect(throws: SessionRegistry.Full.self) { try registry.create() }
        #expect(registry.liveCount == 2)
        registry.end(first)
        _ = try registry.create()
        #expect(registry.liveCount == 2)
    }

    @Test func expiredSessionsMakeRoomUnderMaxSessions() async throws {
        // A full registry sweeps before it refuses. The expiry is long enough that the new
        // session cannot itself expire before it is authenticated, even under a sanitizer.
        let registry = SessionRegistry(idleExpiry: .seconds(1), maxSessions: 1)
        _ = try registry.create()
        #expect(throws: SessionRegistry.Full.self) { try registry.create() }

        try await Task.sleep(for: .milliseconds(1_300))

        let (session, token) = try registry.create()
        #expect(Self.session(registry.authenticate(token: token))?.id == session.id)
    }
}

/// Sessions another instance created: loaded from storage when first touched, a token
/// storage does not hold asked about once, and storage out of reach answered as such.
@Suite("SessionRegistry loading from shared storage")
struct SessionRegistryLoadingTests {
    @Test func aSessionStorageHoldsIsLoadedOnFirstTouchAndAMissedTokenIsAskedOnce() throws {
        let stored = LiveSession(id: "elsewhere", tokenDigest: SessionToken.digest(of: "good"), now: .now)
        let asked = Lock<[String]>([])
        let registry = SessionRegistry(idleExpiry: .seconds(60), maxSessions: 10, load: { digest in
            let good = digest == SessionToken.digest(of: "good")
            asked.withLock { $0.append(good ? "good" : "bad") }
            return good ? .found(stored) : .absent
        })
        #expect(SessionRegistryTests.session(registry.authenticate(token: "good")) === stored)
        #expect(SessionRegistryTests.session(registry.authenticate(token: "good")) === stored)
        #expect(registry.contains(id: "elsewhere"))
        for _ in 0..<3 { #expect(SessionRegistryTests.isInvalid(registry.authenticate(token: "bad"))) }
        #expect(asked.withLock { $0 } == ["good", "bad"])
    }

    @Test func storageOutOfReachAnswersUnavailableAndIsAskedAgain() throws {
        struct Down: Error {}
        let calls = Lock(0)
        let registry = SessionRegistry(idleExpiry: .seconds(60), maxSessions: 10, load: { _ in
            calls.withLock { $0 += 1 }
            throw Down()
        })
        for _ in 0..<2 {
            guard case .unavailable = registry.authenticate(token: "token") else {
                Issue.record("expected unavailable")
                continue
            }
        }
        #expect(calls.withLock { $0 } == 2)
    }
}

/// One client cannot take every session: each address has its own cap.
@Suite("SessionRegistry per-client cap")
struct SessionRegistryClientCapTests {
    @Test func eachClientAddressHasItsOwnCap() throws {
        let registry = SessionRegistry(idleExpiry: .seconds(60), maxSessions: 10, maxSessionsPerClient: 2)
        let first = try registry.create(client: "10.0.0.1").session
        _ = try registry.create(client: "10.0.0.1")
        #expect(throws: SessionRegistry.Full.self) { try registry.create(client: "10.0.0.1") }
        _ = try registry.create(client: "10.0.0.2")
        registry.end(first)
        _ = try registry.create(client: "10.0.0.1")
        #expect(registry.liveCount == 3)
    }
}
