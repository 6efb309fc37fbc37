import ChainStorage
import ChainSupport
import Dispatch

/// Ends the live sessions of principals whose key was revoked (`chain-server keys revoke`,
/// another process): told by storage that notifies (PostgreSQL), or asking it once a second
/// off the request path (SQLite, a few hundred bytes read). Each such session ends as if
/// deleted elsewhere: its streams get `ended` with reason `revoked`, its token answers 401.
/// `keys revoke` deletes the stored sessions itself, so a restart restores none of them.
package final class KeyRevocations: Sendable {
    package let storage: any CatalogStorage
    package let sessions: SessionRegistry
    private let log: Logger
    private let queue = DispatchQueue(label: "chain.revocations")
    /// Revoked names already acted on.
    private let known: Lock<Set<String>>
    private let stopped = Lock(false)

    package init(storage: any CatalogStorage, sessions: SessionRegistry, log: Logger) throws {
        self.storage = storage
        self.sessions = sessions
        self.log = log
        known = Lock(try storage.revokedKeyNames())
    }

    /// Starts watching: storage's notifications when it has them, else a poll every `interval`.
    package func start(interval: Duration = .seconds(1)) {
        let queue = queue
        if storage.watchRevocations({ [weak self] in
            guard let self else { return }
            queue.async { self.check() }
        }) { return }
        poll(every: interval)
    }

    private func poll(every interval: Duration) {
        let milliseconds = Int(interval.components.seconds * 1000 + interval.components.attoseconds / 1_000_000_000_000_000)
        queue.asyncAfter(deadline: .now() + .milliseconds(milliseconds)) { [weak self] in
            guard let self, !stopped.withLock({ $0 }) else { return }
            check()
            poll(every: interval)
        }
    }

    package func stop() {
        stopped.withLock { $0 = true }
    }

    /// Reads the revoked names and ends the sessions of those not seen before.
    package func check() {
        let revoked: Set<String>
        do {
            revoked = try storage.revokedKeyNames()
        } catch {
            return log.log(.warning, "keys.unreadable", [(key: "error", value: .string("\(error)"))])
        }
        let fresh = known.withLock { known in
            let fresh = revoked.subtracting(known)
            known.formUnion(fresh)
            return fresh
        }
        guard !fresh.isEmpty else { return }
        for session in sessions.sessions(actingFor: fresh) {
            sessions.forget(session, reason: .revoked)
            log.log(.info, "session.revoked", [
                (key: "session", value: .string(session.id)), (key: "principal", value: .string(session.principal.name)),
            ])
        }
    }
}
