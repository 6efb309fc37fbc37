import ChainService
import ChainSupport
import Foundation
import Synchronization
import Testing

/// A request queued behind a DELETE (or an expiry) must not run on the ended session.
struct LiveSessionTests {
    @Test func requestsReachingTheirTurnAfterTheEndAreRefused() {
        let registry = SessionRegistry(idleExpiry: .seconds(60), maxSessions: 10)
        let session = try! registry.create(client: "127.0.0.1").session
        let ran = Lock(false)
        let answers = Lock<[Int]>([])
        let release = Lock<(@Sendable () -> Void)?>(nil)  // the first job's finish
        // The first job holds the queue (as a command waiting for its commit would).
        session.submit(ended: { answers.withLock { $0.append(401) } }) { finish in
            release.withLock { $0 = finish }
        }
        session.submit(ended: { answers.withLock { $0.append(401) } }) { finish in
            ran.withLock { $0 = true }
            finish()
        }
        registry.end(session)
        release.withLock { $0 }?()
        // The waiting request reaches its turn on a global queue, not inside `finish`.
        let deadline = ContinuousClock.now + .seconds(5)
        while session.queue.pendingCount > 0, ContinuousClock.now < deadline { usleep(1_000) }
        #expect(session.isEnded)
        #expect(!ran.withLock { $0 })
        #expect(answers.withLock { $0 } == [401])
    }
}
