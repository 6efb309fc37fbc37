import ChainModel
import Synchronization

/// One client's session as the server holds it: the model's responder tree, the digest of
/// its token, when it was last used, and the queue that serializes its requests.
final class LiveSession: Sendable {
    let id: String
    let tokenDigest: [UInt8]
    /// The address that created it, for the per-client session cap.
    let client: String
    /// Requests on this session run one at a time, in arrival order.
    let queue = SerialJobQueue()
    private let state: Mutex<State>

    private struct State {
        var model: Session
        var lastUsed: ContinuousClock.Instant
        var ended = false
        var renderedMenu: RenderedMenu?
    }

    init(id: String, tokenDigest: [UInt8], client: String = "", now: ContinuousClock.Instant) {
        self.id = id
        self.tokenDigest = tokenDigest
        self.client = client
        self.state = Mutex(State(model: Session(), lastUsed: now))
    }

    /// Set when the session is deleted or expires; requests still queued then are refused.
    var isEnded: Bool { state.withLock { $0.ended } }

    func markEnded() {
        state.withLock { $0.ended = true }
    }

    /// Queues `job` behind this session's other requests. A request authenticated before
    /// the session ended but reached only after gets `ended` instead, to answer as any
    /// request after the end is answered.
    func submit(ended: @escaping @Sendable () -> Void, _ job: @escaping SerialJobQueue.Job) {
        queue.submit { [self] finish in
            guard !isEnded else {
                ended()
                finish()
                return
            }
            job(finish)
        }
    }

    /// The session's tree as it stands, or `nil` once the session ended. A command changes
    /// the tree in one step when it is done, so a read needs no turn in the queue: it sees
    /// the session before or after a command, never during one.
    var snapshot: Session? {
        state.withLock { $0.ended ? nil : $0.model }
    }

    /// The menu last rendered, when it is still valid for `tag`.
    func renderedMenu(for tag: EntityTag) -> [UInt8]? {
        state.withLock { state in state.renderedMenu.flatMap { $0.tag == tag ? $0.body : nil } }
    }

    func keep(_ menu: RenderedMenu) {
        state.withLock { $0.renderedMenu = menu }
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
