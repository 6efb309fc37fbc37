import ChainModel
import ChainSupport

/// The live sessions: created with a fresh token, found by token digest, ended on request
/// or after `idleExpiry` without use. Expired sessions answer 401, as a wrong token would.
package final class SessionRegistry: Sendable {
    package enum Authentication {
        case missing
        case invalid
        /// The token may name a session stored by another instance, but storage could not
        /// be asked.
        case unavailable
        case valid(LiveSession)
    }

    package let idleExpiry: Duration
    package let maxSessions: Int
    /// Live sessions one client address may hold, so one client cannot fill the server.
    package let maxSessionsPerClient: Int
    private let clock = ContinuousClock()
    private let sessions = Lock(Sessions())

    private struct Sessions {
        var byID: [String: LiveSession] = [:]
        var byDigest: [DigestKey: LiveSession] = [:]
        var perClient: [String: Int] = [:]
        var lastSweep: ContinuousClock.Instant?
        /// Digests storage was asked for and did not hold. A token is only ever given out
        /// after its session is stored, so a digest missed once stays missed: a client
        /// sending one bad token again and again costs storage one query.
        var missed: Set<DigestKey> = []
    }

    /// Missed digests kept before the set starts over.
    package static let maxMissed = 10_000

    package struct Full: Error {
        /// `true` when the client's own share is used up, `false` when the server is full.
        package var perClient: Bool
    }

    /// Told when a session ends, with why (`deleted` or `expired`), after it is gone.
    package let onEnd: @Sendable (LiveSession, SessionEndReason) -> Void
    /// Told when this instance comes to hold a session (`true`: created, restored at start,
    /// or taken in from storage shared with other instances) and when it stops (`false`:
    /// ended, forgotten or discarded), under the registry's lock: it must not call back.
    package let onHold: @Sendable (LiveSession, _ held: Bool) -> Void
    /// Asks storage shared with other instances for a session by its token's digest: one
    /// this instance does not hold (created or served elsewhere, taken in when first touched
    /// here), or one whose copy here expired (still served elsewhere?). Found only if some
    /// instance used it within `inUseWithin`. When it throws, the request is answered 503
    /// and the token asked about again next time.
    package let load: (@Sendable ([UInt8]) throws -> SessionLookup)?
    /// Whether another instance sharing the storage streams a session, by id
    /// (`CallRelay.isListenedElsewhere`); every session taken in asks it.
    package let listenedElsewhere: (@Sendable (String) -> Bool)?
    /// Records in storage shared with other instances that a session is in use here
    /// (`SessionJournal.storeUse`), at most once every `useInterval` a session: their
    /// expiry sees only their own requests, and plain reads store nothing else.
    package let storeUse: (@Sendable (LiveSession) -> Void)?
    /// A quarter of `idleExpiry`, at most a minute, unless given: a session in use anywhere
    /// has a use stored well within any instance's expiry.
    package let useInterval: Duration
    /// How long unused here a session lives on this instance: `idleExpiry`, and with shared
    /// storage a `useInterval` more, since the last use this instance stored may be up to
    /// that much older than its last (so its own expiry is not taken for another's use).
    package let localExpiry: Duration
    /// What storage shared with other instances counts as in use: a use recorded within
    /// this. Half a `useInterval` past `idleExpiry`, so a use stored here a little after the
    /// request that made it (the writer's queue) is past it when this instance expires the
    /// session, while one stored elsewhere keeps it alive up to half an interval short of
    /// `idleExpiry` after that instance's last use.
    package var inUseWithin: Duration { Self.inUseWithin(idleExpiry: idleExpiry, useInterval: useInterval) }

    package init(
        idleExpiry: Duration, maxSessions: Int, maxSessionsPerClient: Int = .max,
        onEnd: @escaping @Sendable (LiveSession, SessionEndReason) -> Void = { _, _ in },
        onHold: @escaping @Sendable (LiveSession, _ held: Bool) -> Void = { _, _ in },
        load: (@Sendable ([UInt8]) throws -> SessionLookup)? = nil,
        listenedElsewhere: (@Sendable (String) -> Bool)? = nil,
        storeUse: (@Sendable (LiveSession) -> Void)? = nil, useInterval: Duration? = nil
    ) {
        self.idleExpiry = idleExpiry
        self.storeUse = storeUse
        let interval = useInterval ?? Self.useInterval(idleExpiry: idleExpiry)
        self.useInterval = interval
        localExpiry = storeUse == nil ? idleExpiry : idleExpiry + interval
        self.maxSessions = maxSessions
        self.maxSessionsPerClient = maxSessionsPerClient
        self.load = load
        self.listenedElsewhere = listenedElsewhere
        self.onEnd = onEnd
        self.onHold = onHold
    }

    /// A new session for `client` (its address) acting for `principal`, and the only copy
    /// of its token.
    package func create(client: String = "", principal: Principal = .anonymous) throws(Full) -> (session: LiveSession, token: String) {
        let now = clock.now
        let token = SessionToken.make()
        let session = LiveSession(
            id: SecureRandom.id(), tokenDigest: SessionToken.digest(of: token), principal: principal, client: client, now: now)
        try sessions.withLock { (sessions: inout Sessions) throws(Full) in
            sweep(&sessions, now: now)
            if sessions.byID.count >= maxSessions || sessions.perClient[client, default: 0] >= maxSessionsPerClient {
                sweep(&sessions, now: now, force: true)
            }
            guard sessions.byID.count < maxSessions else { throw Full(perClient: false) }
            guard sessions.perClient[client, default: 0] < maxSessionsPerClient else { throw Full(perClient: true) }
            insert(session, into: &sessions)
        }
        // With shared storage, storing the new session records it used now: the next use to
        // store is a `useInterval` away.
        if storeUse != nil { _ = session.touch(now, storingEvery: useInterval) }
        return (session, token)
    }

    /// A quarter of `idleExpiry`, at most a minute.
    package static func useInterval(idleExpiry: Duration) -> Duration {
        min(.seconds(60), idleExpiry / 4)
    }

    package static func inUseWithin(idleExpiry: Duration, useInterval: Duration) -> Duration {
        idleExpiry + useInterval / 2
    }

    /// Takes back sessions storage held at start; each counts against its client's share as
    /// if just created, but none is refused for it.
    package func restore(_ restored: [LiveSession]) {
        sessions.withLock { sessions in
            for session in restored { insert(session, into: &sessions) }
        }
    }

    private func insert(_ session: LiveSession, into sessions: inout Sessions) {
        if let listenedElsewhere {
            let id = session.id
            session.events.askElsewhere { listenedElsewhere(id) }
        }
        sessions.byID[session.id] = session
        sessions.byDigest[DigestKey(session.tokenDigest)] = session
        sessions.perClient[session.client, default: 0] += 1
        onHold(session, true)
    }

    /// Drops `session` from this instance without deleting it: another instance sharing the
    /// storage ended it, and `onEnd` hears `reason`.
    package func forget(_ session: LiveSession, reason: SessionEndReason) {
        sessions.withLock { remove(session, from: &$0, reason: reason) }
    }

    /// Forgets a session whose creation storage did not commit: it never existed for anyone.
    package func discard(_ session: LiveSession) {
        sessions.withLock { remove(session, from: &$0, reason: nil) }
    }

    /// The live session whose bearer token is `token`, touched as used now.
    package func authenticate(token: String?) -> Authentication {
        guard let token else { return .missing }
        let digest = SessionToken.digest(of: token)
        let key = DigestKey(digest)
        let now = clock.now
        // Storage is asked about a token this instance does not hold (and has not missed),
        // and about one whose copy here expired: another instance may be serving it.
        let held: LiveSession?
        let ask: Bool
        (held, ask) = sessions.withLock { sessions in
            guard let held = sessions.byDigest[key] else { return (nil, load != nil && !sessions.missed.contains(key)) }
            return (held, load != nil && isExpired(held, now: now))
        }
        // Looked up outside the lock: storage may take a while to answer.
        let lookup: SessionLookup?
        do {
            lookup = ask ? try load?(digest) : nil
        } catch {
            return .unavailable
        }
        let (authentication, storing) = sessions.withLock { sessions -> (Authentication, Bool) in
            switch lookup {
            case .found(let loaded) where held == nil:
                if sessions.byID[loaded.id] == nil { insert(loaded, into: &sessions) }
            case .absent where held == nil:
                if sessions.missed.count >= Self.maxMissed { sessions.missed.removeAll() }
                sessions.missed.insert(key)
            default:
                break
            }
            guard let session = sessions.byDigest[key], SessionToken.constantTimeEqual(session.tokenDigest, digest) else {
                return (.invalid, false)
            }
            // Expired here, but used lately elsewhere: the copy serves on (the follower keeps
            // it as the other instance leaves it), as long as nothing ended it meanwhile.
            let usedElsewhere = session === held && { if case .found = lookup { true } else { false } }()
            guard usedElsewhere || !isExpired(session, now: now) else {
                remove(session, from: &sessions, reason: .expired)
                return (.invalid, false)
            }
            guard storeUse != nil else {
                session.touch(now)
                return (.valid(session), false)
            }
            return (.valid(session), session.touch(now, storingEvery: useInterval))
        }
        if storing, case .valid(let session) = authentication { storeUse?(session) }
        return authentication
    }

    /// Whether `id` names a live session (for telling 404 from 401).
    package func contains(id: String) -> Bool {
        let now = clock.now
        return sessions.withLock { sessions in
            guard let session = sessions.byID[id] else { return false }
            return !isExpired(session, now: now)
        }
    }

    /// The live session `id` names, if any (no authentication: for the server's own use).
    package func session(id: String) -> LiveSession? {
        sessions.withLock { $0.byID[id] }
    }

    /// The live sessions acting for a principal named in `names` (revoked keys').
    package func sessions(actingFor names: Set<String>) -> [LiveSession] {
        sessions.withLock { $0.byID.values.filter { names.contains($0.principal.name) } }
    }

    package func end(_ session: LiveSession) {
        sessions.withLock { remove(session, from: &$0, reason: .deleted) }
    }

    /// Unused here for longer than `localExpiry`, and no event stream open (a stream keeps
    /// its session alive).
    private func isExpired(_ session: LiveSession, now: ContinuousClock.Instant) -> Bool {
        now - session.lastUsed > localExpiry && !session.events.isListened
    }

    package var liveCount: Int {
        let now = clock.now
        return sessions.withLock { sessions in
            sweep(&sessions, now: now, force: true)
            return sessions.byID.count
        }
    }

    /// Drops expired sessions, at most once a second unless forced.
    private func sweep(_ sessions: inout Sessions, now: ContinuousClock.Instant, force: Bool = false) {
        if !force, let last = sessions.lastSweep, now - last < .seconds(1) { return }
        sessions.lastSweep = now
        for session in sessions.byID.values where isExpired(session, now: now) {
            remove(session, from: &sessions, reason: .expired)
        }
    }

    /// Removes `session`; `onEnd` hears of it with `reason`, unless there is none (a session
    /// discarded before anyone knew of it).
    private func remove(_ session: LiveSession, from sessions: inout Sessions, reason: SessionEndReason?) {
        guard sessions.byID.removeValue(forKey: session.id) != nil else { return }
        sessions.byDigest[DigestKey(session.tokenDigest)] = nil
        session.markEnded()
        onHold(session, false)
        if let reason { onEnd(session, reason) }
        if let count = sessions.perClient[session.client] {
            sessions.perClient[session.client] = count > 1 ? count - 1 : nil
        }
    }
}
