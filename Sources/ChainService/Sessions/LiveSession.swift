import ChainModel
import ChainStorage
import ChainSupport

/// One client's session as the server holds it: the model's responder tree, the digest of
/// its token, when it was last used, and the queue that serializes its requests.
package final class LiveSession: Sendable {
    package let id: String
    package let tokenDigest: [UInt8]
    /// Who the session acts for (`Principal.anonymous` in `open` mode).
    package let principal: Principal
    /// The address that created it, for the per-client session cap.
    package let client: String
    /// Requests on this session run one at a time, in arrival order.
    package let queue = SerialJobQueue()
    /// The session's event streams and the events they may resume from.
    package let events = SessionEvents()
    /// The model and what is validated against it: the remote handlers (the version clients
    /// see counts both), the end, and the menu and key sheet last rendered.
    private let state: Lock<State>
    /// What storage holds of the session, as far as this instance knows.
    private let stored: Lock<StoredMarks>
    /// When the session was used; touched by every request, so under a lock of its own.
    private let use: Lock<SessionUse>

    private struct State {
        var model: Session
        var ended = false
        var renderedMenu: RenderedMenu?
        var renderedKeys: RenderedMenu?
        var renderedContextMenu: RenderedMenu?
        /// Handlers registered by the session's clients. They change outside the session's
        /// turn (a command may be waiting on one), so they live beside the model, which a
        /// command replaces whole.
        var handlers: HandlerRecords
        /// This session's id and the other live sessions (`PresenceBoard.joined`), given to
        /// every model it holds.
        var peers: Peers?
    }

    /// What the last committed write of this session stored.
    private struct StoredMarks {
        /// Serials of the undo entries storage holds for this session.
        var entries = SerialRuns()
        /// The stored state's version (`SessionWrite.expectedVersion`).
        var version: Int64 = 0
        var receipts = ReceiptLog()
    }

    /// A session as it was stored (`SessionJournal.restore`), or a new one.
    package init(
        id: String, tokenDigest: [UInt8], principal: Principal = .anonymous, client: String = "", now: ContinuousClock.Instant, model: Session = Session(),
        handlers: RemoteHandlerCoding.Record = .init(), storedEntries: SerialRuns = SerialRuns(), receipts: [IdempotencyReceipt] = [],
        storedVersion: Int64 = 0, storedHandlers: [UInt8] = []
    ) {
        self.id = id
        self.tokenDigest = tokenDigest
        self.principal = principal
        self.client = client
        // The role rides in the model, whose application provides it to every command.
        var model = model
        model.role = principal.role
        state = Lock(State(model: model, handlers: HandlerRecords(handlers, seen: storedHandlers)))
        stored = Lock(StoredMarks(entries: storedEntries, version: storedVersion, receipts: ReceiptLog(receipts)))
        use = Lock(SessionUse(now))
    }

    /// Set when the session is deleted or expires; requests still queued then are refused.
    package var isEnded: Bool { state.withLock { $0.ended } }

    package func markEnded() {
        state.withLock { $0.ended = true }
    }

    /// Queues `job` behind this session's other requests. A request authenticated before
    /// the session ended but reached only after gets `ended` instead, to answer as any
    /// request after the end is answered.
    package func submit(ended: @escaping @Sendable () -> Void, _ job: @escaping SerialJobQueue.Job) {
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
    package var snapshot: Session? {
        state.withLock { $0.ended ? nil : $0.model }
    }

    /// The session as a read sees it: the model, its remote handlers (live while a stream
    /// is open) and the version clients see, or `nil` once the session ended.
    package var view: SessionView? { view(live: events.isListened) }

    /// The view with liveness given, for callers that hold the events' lock.
    package func view(live: Bool) -> SessionView? {
        state.withLock { state in
            state.ended ? nil : SessionView(
                model: state.model, remote: RemoteHandlers(state.handlers.handlers, watches: state.handlers.watches, isLive: live),
                version: state.model.version + state.handlers.changes)
        }
    }

    /// The remote handlers as a command's walk sees them now.
    package var remoteHandlers: RemoteHandlers {
        let handlers = state.withLock { $0.handlers.handlers }
        // Most sessions have none: their commands need not ask the events whether they listen.
        guard !handlers.isEmpty else { return .none }
        return RemoteHandlers(handlers, isLive: events.isListened)
    }

    /// The version clients see for `model` (a command's new model, say) as handlers stand.
    package func version(of model: Session) -> Int {
        model.version + state.withLock { $0.handlers.changes }
    }

    /// Changes the remote handlers under the lock: `change` gets them with the model and the
    /// next free id, returns what it made of them (or throws), and the version moves. When
    /// they changed, `store` gets their new record (`RemoteHandlerCoding`'s bytes), still
    /// under the lock, so records reach storage in the order the changes were made; call
    /// `handlersStored` once it landed. Throws `SessionError.ended` on an ended session.
    package func updateHandlers<T: Sendable>(
        _ change: (inout RemoteHandlers, _ model: Session, _ nextID: () -> String) throws -> T,
        store: (_ record: [UInt8]) -> Void = { _ in }
    ) throws -> T {
        try state.withLock { (state: inout State) throws -> T in
            guard !state.ended else { throw SessionError.ended }
            let (result, record) = try state.handlers.update(model: state.model, change)
            if let record { store(record) }
            return result
        }
    }

    /// The menu last rendered, when it is still valid for `version`.
    package func renderedMenu(for version: MenuVersion) -> [UInt8]? {
        state.withLock { state in state.renderedMenu.flatMap { $0.version == version ? $0.body : nil } }
    }

    package func keep(_ menu: RenderedMenu) {
        state.withLock { $0.renderedMenu = menu }
    }

    /// The key sheet last rendered, when it is still valid for `version`.
    package func renderedKeys(for version: MenuVersion) -> [UInt8]? {
        state.withLock { state in state.renderedKeys.flatMap { $0.version == version ? $0.body : nil } }
    }

    package func keep(keys: RenderedMenu) {
        state.withLock { $0.renderedKeys = keys }
    }

    /// The context menu last rendered, when it is still valid for `version`, `responder` and `image`.
    package func renderedContextMenu(for version: MenuVersion, responder: ResponderPath, image: ImageID?) -> RenderedMenu? {
        state.withLock { state in
            state.renderedContextMenu.flatMap {
                $0.version == version && $0.responder == responder && $0.image == image ? $0 : nil
            }
        }
    }

    package func keep(contextMenu: RenderedMenu) {
        state.withLock { $0.renderedContextMenu = contextMenu }
    }

    /// Gives the session's models `peers` (the model read back from storage has none).
    package func join(_ peers: Peers) {
        state.withLock { state in
            state.peers = peers
            state.model.peers = peers
        }
    }

    /// The responder tree; read and replaced only from jobs on `queue`.
    package var model: Session {
        get { state.withLock { $0.model } }
        set {
            state.withLock { state in
                state.model = newValue
                if newValue.peers == nil { state.model.peers = state.peers }
                // Handlers go with their responders (a closed window's).
                state.handlers.keepOnly(respondersOf: newValue)
            }
        }
    }

    /// A handlers' record `updateHandlers` handed to storage has landed there, or failed to.
    package func handlersStored() {
        state.withLock { $0.handlers.landed() }
    }

    /// Serials of the undo entries storage holds; changed only once a write committed.
    package var storedEntries: SerialRuns { stored.withLock { $0.entries } }

    /// The stored state's version; changed only once a write committed.
    package var storedVersion: Int64 { stored.withLock { $0.version } }

    /// Takes what another instance stored for this session since (`restored`, read back from
    /// storage): its model, undo entries, receipts and version, and its remote handlers when
    /// another instance stored others. Only from a job on `queue`.
    package func replaceStored(with restored: LiveSession) {
        let marks = restored.stored.withLock { $0 }
        let handlers = restored.state.withLock { $0.handlers }
        self.model = restored.model
        stored.withLock { $0 = marks }
        state.withLock { $0.handlers.adopt(handlers) }
    }

    /// Records what a committed write stored: its undo entries and its receipt, dropping
    /// the receipts it dropped, and whether it counted a new version.
    package func stored(entries: SerialRuns, receipt: IdempotencyReceipt?, dropping dropped: [String], counted: Bool = false) {
        stored.withLock { marks in
            if counted { marks.version += 1 }
            marks.entries = entries
            marks.receipts.drop(dropped)
            if let receipt { marks.receipts.add(receipt) }
        }
    }

    package func receipt(for key: String) -> IdempotencyReceipt? {
        stored.withLock { $0.receipts[key] }
    }

    /// The keys to drop so one more receipt fits in `IdempotencyReceipt.perSession`.
    package var receiptsToDrop: [String] {
        stored.withLock { $0.receipts.keysToDropForOneMore }
    }

    package var lastUsed: ContinuousClock.Instant { use.withLock { $0.last } }

    package func touch(_ now: ContinuousClock.Instant) {
        use.withLock { $0.touch(now) }
    }

    /// Marks the session used at `now` and says whether that use is one to store: none was
    /// stored for `interval` (or ever, from here). `true` counts it as stored.
    package func touch(_ now: ContinuousClock.Instant, storingEvery interval: Duration) -> Bool {
        use.withLock { $0.touch(now, storingEvery: interval) }
    }

    /// The use `touch(_:storingEvery:)` counted as stored was not: the next use stores one.
    package func storedUseFailed() {
        use.withLock { $0.storeFailed() }
    }
}
