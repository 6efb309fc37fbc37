import ChainModel
import Dispatch
import Synchronization

/// Everything a request may need, assembled once at start: the durable store, its
/// in-memory mirror the chain reads ratings from, the sessions, the menu bar, the
/// dispatcher, metrics and the log.
final class ChainService: Sendable {
    let configuration: ServerConfiguration
    let store: CatalogStore
    /// Ratings as commands see them: committed, overlaid with writes queued for commit.
    let catalog: CatalogMirror
    /// Held while a command walks the chain, stages its writes and queues them, so commands
    /// of different sessions see each other's writes and commit in the order they read.
    /// Microseconds per command; menus and reads never take it.
    let commandOrder = Mutex(0)
    let sessions: SessionRegistry
    let menuBar: MenuBar
    let dispatcher: CommandDispatcher
    let validator: MenuValidator
    let metrics: Metrics
    let log: Logger
    /// Image listings read SQLite here, off the HTTP threads.
    let reads = DispatchQueue(label: "chain.reads", attributes: .concurrent)

    init(configuration: ServerConfiguration, store: CatalogStore, menuBar: MenuBar, log: Logger) throws {
        self.configuration = configuration
        self.store = store
        self.catalog = CatalogMirror(committed: InMemoryCatalog(ratings: try store.allRatings()))
        self.sessions = SessionRegistry(
            idleExpiry: .seconds(configuration.sessionIdleSeconds), maxSessions: configuration.maxSessions,
            maxSessionsPerClient: configuration.maxSessionsPerClient)
        self.menuBar = menuBar
        self.dispatcher = .standard
        self.validator = MenuValidator(dispatcher: .standard)
        self.metrics = Metrics()
        self.log = log
        let metrics = metrics
        store.onCommit = { batches, rows in metrics.recordCommit(batches: batches, rows: rows) }
    }
}
