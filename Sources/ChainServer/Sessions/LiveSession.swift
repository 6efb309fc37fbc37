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
    /// The session's event streams and the events they may resume from.
    let events = SessionEvents()
    private let state: Mutex<State>

    private struct State {
        var model: Session
        var lastUsed: ContinuousClock.Instant
        /// When this instance last had a use stored (`SessionJournal.storeUse`); `nil`: not yet.
        var lastStoredUse: ContinuousClock.Instant?
        var ended = false
        var renderedMenu: RenderedMenu?
        /// Handlers registered by the session's clients. They change outside the session's
        /// turn (a command may be waiting on one), so they live beside the model, which a
        /// command replaces whole; `handlerChanges` counts their changes into the version.
        var handlers: [RemoteHandler] = []
        var handlerChanges = 0
        var handlersMade = 0
        /// The handlers' record as this instance last stored it or read it from storage: a
        /// different one read back was stored by another instance.
        var handlersSeen: [UInt8] = []
        /// Records of this instance's on their way to storage: until they land, what storage
        /// holds is older than what is here.
        var handlerWritesInFlight = 0
        /// Serials of the undo entries storage holds for this session.
        var storedEntries = SerialRuns()
        /// The stored state's version (`SessionWrite.expectedVersion`).
        var storedVersion: Int64 = 0
        /// Idempotency receipts by key, and their keys oldest first.
        var receipts: [String: IdempotencyReceipt] = [:]
        var receiptOrder: [String] = []
    }

    /// A session as it was stored (`SessionJournal.restore`), or a new one.
    init(
        id: String, tokenDigest: [UInt8], client: String = "", now: ContinuousClock.Instant, model: Session = Session(),
        handlers: RemoteHandlerCoding.Record = .init(), storedEntries: SerialRuns = SerialRuns(), receipts: [IdempotencyReceipt] = [],
        storedVersion: Int64 = 0, storedHandlers: [UInt8] = []
    ) {
        self.id = id
        self.tokenDigest = tokenDigest
        self.client = client
        var state = State(model: model, lastUsed: now)
        state.handlers = handlers.handlers
        state.handlerChanges = handlers.changes
        state.handlersMade = handlers.made
        state.storedEntries = storedEntries
        state.storedVersion = storedVersion
        state.handlersSeen = storedHandlers
        for receipt in receipts {
            if state.receipts.updateValue(receipt, forKey: receipt.key) == nil { state.receiptOrder.append(receipt.key) }
        }
        self.state = Mutex(state)
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

    /// The session as a read sees it: the model, its remote handlers (live while a stream
    /// is open) and the version clients see, or `nil` once the session ended.
    var view: SessionView? { view(live: events.isListened) }

    /// The view with liveness given, for callers that hold the events' lock.
    func view(live: Bool) -> SessionView? {
        state.withLock { state in
            state.ended ? nil : SessionView(
                model: state.model, remote: RemoteHandlers(state.handlers, isLive: live),
                version: state.model.version + state.handlerChanges)
        }
    }

    /// The remote handlers as a command's walk sees them now.
    var remoteHandlers: RemoteHandlers {
        let handlers = state.withLock { $0.handlers }
        // Most sessions have none: their commands need not ask the events whether they listen.
        guard !handlers.isEmpty else { return .none }
        return RemoteHandlers(handlers, isLive: events.isListened)
    }

    /// The version clients see for `model` (a command's new model, say) as handlers stand.
    func version(of model: Session) -> Int {
        model.version + state.withLock { $0.handlerChanges }
    }

    /// Changes the remote handlers under the lock: `change` gets them with the model and the
    /// next free id, returns what it made of them (or throws), and the version moves. When
    /// they changed, `store` gets their new record (`RemoteHandlerCoding`'s bytes), still
    /// under the lock, so records reach storage in the order the changes were made; call
    /// `handlersStored` once it landed.
    func updateHandlers<T>(
        _ change: (inout RemoteHandlers, _ model: Session, _ nextID: () -> String) throws(Problem) -> T,
        store: (_ record: [UInt8]) -> Void = { _ in }
    ) throws(Problem) -> T {
        try state.withLock { (state: inout State) throws(Problem) -> T in
            guard !state.ended else { throw SessionRequest.endedProblem }
            var handlers = RemoteHandlers(state.handlers)
            var made = state.handlersMade
            let result = try change(&handlers, state.model) {
                made += 1
                return "h-\(made)"
            }
            let changed = handlers.handlers != state.handlers
            if changed {
                state.handlers = handlers.handlers
                state.handlerChanges += 1
            }
            state.handlersMade = made
            if changed {
                let record = RemoteHandlerCoding.Record(handlers: state.handlers, changes: state.handlerChanges, made: state.handlersMade)
                state.handlersSeen = RemoteHandlerCoding.encode(record)
                state.handlerWritesInFlight += 1
                store(state.handlersSeen)
            }
            return result
        }
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
        set {
            state.withLock { state in
                state.model = newValue
                // Handlers go with their responders (a closed window's).
                if state.handlers.contains(where: { !newValue.contains($0.responder) }) {
                    state.handlers.removeAll { !newValue.contains($0.responder) }
                    state.handlerChanges += 1
                }
            }
        }
    }

    /// A handlers' record `updateHandlers` handed to storage has landed there, or failed to.
    func handlersStored() {
        state.withLock { $0.handlerWritesInFlight -= 1 }
    }

    /// Serials of the undo entries storage holds; changed only once a write committed.
    var storedEntries: SerialRuns { state.withLock { $0.storedEntries } }

    /// The stored state's version; changed only once a write committed.
    var storedVersion: Int64 { state.withLock { $0.storedVersion } }

    /// Takes what another instance stored for this session since (`restored`, read back from
    /// storage): its model, undo entries, receipts and version, and its remote handlers when
    /// another instance stored others. Only from a job on `queue`.
    func replaceStored(with restored: LiveSession) {
        let (model, entries, version) = (restored.model, restored.storedEntries, restored.storedVersion)
        let (receipts, handlers, seen) = restored.state.withLock {
            (($0.receipts, $0.receiptOrder), ($0.handlers, $0.handlerChanges, $0.handlersMade), $0.handlersSeen)
        }
        self.model = model
        state.withLock { state in
            state.storedEntries = entries
            state.storedVersion = version
            (state.receipts, state.receiptOrder) = receipts
            // A record other than the one this instance last stored or read was stored by
            // another instance: it is the newer. The same one means storage has nothing newer
            // than what is here (a change of ours may be on its way there).
            if seen != state.handlersSeen, state.handlerWritesInFlight == 0 {
                state.handlers = handlers.0
                state.handlerChanges = max(handlers.1, state.handlerChanges + 1)
                state.handlersSeen = seen
            }
            state.handlersMade = max(state.handlersMade, handlers.2)
        }
    }

    /// Records what a committed write stored: its undo entries and its receipt, dropping
    /// the receipts it dropped, and whether it counted a new version.
    func stored(entries: SerialRuns, receipt: IdempotencyReceipt?, dropping dropped: [String], counted: Bool = false) {
        state.withLock { state in
            if counted { state.storedVersion += 1 }
            state.storedEntries = entries
            for key in dropped where state.receipts.removeValue(forKey: key) != nil {
                state.receiptOrder.removeAll { $0 == key }
            }
            if let receipt, state.receipts.updateValue(receipt, forKey: receipt.key) == nil {
                state.receiptOrder.append(receipt.key)
            }
        }
    }

    func receipt(for key: String) -> IdempotencyReceipt? {
        state.withLock { $0.receipts[key] }
    }

    /// The keys to drop so one more receipt fits in `IdempotencyReceipt.perSession`.
    var receiptsToDrop: [String] {
        state.withLock { state in Array(state.receiptOrder.prefix(max(0, state.receiptOrder.count + 1 - IdempotencyReceipt.perSession))) }
    }

    var lastUsed: ContinuousClock.Instant { state.withLock { $0.lastUsed } }

    func touch(_ now: ContinuousClock.Instant) {
        state.withLock { $0.lastUsed = now }
    }

    /// Marks the session used at `now` and says whether that use is one to store: none was
    /// stored for `interval` (or ever, from here). `true` counts it as stored.
    func touch(_ now: ContinuousClock.Instant, storingEvery interval: Duration) -> Bool {
        state.withLock { state in
            state.lastUsed = now
            if let stored = state.lastStoredUse, now - stored < interval { return false }
            state.lastStoredUse = now
            return true
        }
    }

    /// The use `touch(_:storingEvery:)` counted as stored was not: the next use stores one.
    func storedUseFailed() {
        state.withLock { $0.lastStoredUse = nil }
    }
}
