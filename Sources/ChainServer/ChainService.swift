import ChainModel
import Dispatch

/// Everything a request may need, assembled once at start: the durable store, its
/// in-memory mirror the chain reads ratings from, the sessions, the menu bar, the
/// dispatcher, metrics and the log.
final class ChainService: Sendable {
    let configuration: ServerConfiguration
    let store: CatalogStore
    /// Ratings as committed: a write is applied here only after its transaction committed.
    let catalog: InMemoryCatalog
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
        self.catalog = InMemoryCatalog(ratings: try store.allRatings())
        self.sessions = SessionRegistry(idleExpiry: .seconds(configuration.sessionIdleSeconds), maxSessions: configuration.maxSessions)
        self.menuBar = menuBar
        self.dispatcher = .standard
        self.validator = MenuValidator(dispatcher: .standard)
        self.metrics = Metrics()
        self.log = log
        let metrics = metrics
        store.onCommit = { batches, rows in metrics.recordCommit(batches: batches, rows: rows) }
    }
}
