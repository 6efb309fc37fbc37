import ChainModel
import Synchronization

/// One client's session as the server holds it: the model's responder tree, the digest of
/// its token, when it was last used, and the queue that serializes its requests.
final class LiveSession: Sendable {
    let id: String
    let tokenDigest: [UInt8]
    /// Requests on this session run one at a time, in arrival order.
    let queue = SerialJobQueue()
    private let state: Mutex<State>

    private struct State {
        var model: Session
        var lastUsed: ContinuousClock.Instant
    }

    init(id: String, tokenDigest: [UInt8], now: ContinuousClock.Instant) {
        self.id = id
        self.tokenDigest = tokenDigest
        self.state = Mutex(State(model: Session(), lastUsed: now))
    }

    /// The responder tree; read and replaced only from jobs on `queue`.
    var model: Session {
        get { state.withLock { $0.model } }
        set { state.withLock { $0.model = newValue } }
    }

    var lastUsed: ContinuousClock.Instant { state.withLock { $0.lastUsed } }

    func touch(_ now: ContinuousClock.Instant) {
        state.withLock { $0.lastUsed = now }
    }
}
