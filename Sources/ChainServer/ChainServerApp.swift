import ChainAPI
import ChainConfig
import ChainHTTP
import ChainImport
import ChainModel
import ChainPictures
import ChainService
import ChainSidecars
import ChainStorage
import ChainSupport
import Dispatch

/// The whole server, assembled from a configuration: storage (seeded on first start), the
/// in-memory mirror, the command runner, the sessions, the routes and the HTTP listener.
/// `chain-server` runs one; the live tests start one in-process on port 0.
final class ChainServerApp: Sendable {
    let configuration: ServerConfiguration
    let storage: any CatalogStorage
    let catalog: CatalogMirror
    let runner: CommandRunner
    let sessions: SessionRegistry
    let metrics: Metrics
    let log: Logger
    let router: Router
    let http: HTTPServer
    let live: LiveEvents
    let thumbnails: Thumbnails
    let previews: Previews
    let prefetch: PreviewPrefetch
    /// Writes XMP sidecars after commits, with `catalog.xmpSidecars` on.
    let sidecars: SidecarWriter?
    /// Ends revoked principals' sessions (`auth.mode` other than `open`).
    let revocations: KeyRevocations?
    /// Keeps the catalog's history within `history.retentionDays` and `maxEntriesPerImage`.
    let historyPruner: HistoryPruner
    /// This server's place among `PictureLog`'s sinks, left at `stop`.
    private let pictureLog: Int

    /// Reads the menus, opens (and on first start seeds) the catalog. Throws
    /// `ConfigurationError` for a bad menu file and the store's errors for a bad catalog.
    init(configuration: ServerConfiguration, log: Logger) throws {
        self.configuration = configuration
        self.log = log
        try configuration.refuseUnsafeOpen()
        let menuFile = try MenuFile.load(directory: configuration.configDirectory, knownActions: HandlerRegistry.standard.actions)
        let menuBar = menuFile.menuBar
        var dispatcher = CommandDispatcher.standard
        dispatcher.remoteActions = menuBar.remoteActions
        dispatcher.keys = menuFile.keys
        let storage = try configuration.openStorage()
        let metrics = Metrics()
        // Before libvips starts and the demo pictures are drawn: what it says of them counts.
        pictureLog = PictureLog.route { message in
            metrics.recordPictureLog(domain: message.domain, level: message.level.rawValue)
            log.log(message.level == .critical ? .error : .warning, "picture.log", message.fields)
        }
        let pictures = try VipsPictureEngine()
        try Self.seedDemoCatalog(storage, configuration, pictures: pictures, log: log)
        // Thumbnails and previews share the picture workers: previews made ahead wait for both.
        let workers = PictureWorkers()
        thumbnails = try Thumbnails(engine: pictures, directory: configuration.dataDirectory + "/thumbnails", workers: workers)
        let previews = Previews(engine: pictures, workers: workers, capacity: configuration.previewCacheMegabytes << 20) { kind, outcome in
            metrics.recordPreview(kind: kind.rawValue, outcome: outcome.rawValue)
        }
        self.previews = previews
        let prefetch = PreviewPrefetch(previews: previews, storage: storage)
        self.prefetch = prefetch
        storage.onCommit = { batches, rows in metrics.recordCommit(batches: batches, rows: rows) }
        self.storage = storage
        self.metrics = metrics
        let loaded = try storage.loadFollowedCatalog()
        let catalog = CatalogMirror(committed: loaded.columns, position: loaded.position)
        catalog.setSortKeys(try storage.loadSortKeys())
        self.catalog = catalog
        let menus = MenuRenderer(
            menuBar: menuBar, contextMenus: menuFile.contextMenus, validator: MenuValidator(dispatcher: dispatcher), catalog: catalog)
        let relay = storage.callRelay
        // Instances sharing storage meet in one table of calls: each names its own apart.
        let calls = RemoteCalls(
            timeout: .seconds(configuration.callTimeoutSeconds), prefix: relay == nil ? "c-" : "c-\(SecureRandom.id().prefix(8))-")
        let live = LiveEvents(
            menus: menus, calls: calls, metrics: metrics, log: log, relay: relay, keepAlive: .seconds(configuration.keepAliveSeconds),
            stallLimit: .seconds(configuration.stallSeconds))
        self.live = live
        let sidecars = configuration.xmpSidecars
            ? SidecarWriter(store: XMPSidecarStore(), storage: storage, metrics: metrics, log: log) : nil
        self.sidecars = sidecars
        runner = CommandRunner(
            dispatcher: dispatcher, catalog: catalog, storage: storage, metrics: metrics, live: live, calls: calls, sidecars: sidecars,
            viewers: prefetch, recordsHistory: configuration.historyEnabled)
        historyPruner = HistoryPruner(storage: storage, retention: configuration.historyRetention, log: log)
        let journal = runner.journal
        runner.keepFollowing(live.presence)
        var listenedElsewhere: (@Sendable (String) -> Bool)?
        if let relay { listenedElsewhere = { id in relay.isListenedElsewhere(id) } }
        var storeUse: (@Sendable (LiveSession) -> Void)?
        if storage.isShared { storeUse = { session in journal.storeUse(of: session) } }
        let idleExpiry = Duration.seconds(configuration.sessionIdleSeconds)
        // An expiry deletes the session only if no instance recorded a use within this
        // (`SessionRegistry.inUseWithin`).
        let inUseWithin = SessionRegistry.inUseWithin(
            idleExpiry: idleExpiry, useInterval: SessionRegistry.useInterval(idleExpiry: idleExpiry))
        sessions = SessionRegistry(
            idleExpiry: idleExpiry, maxSessions: configuration.maxSessions,
            maxSessionsPerClient: configuration.maxSessionsPerClient,
            onEnd: { session, reason in
                live.ended(session, reason: reason)
                // A deletion is stored by its request, which answers once it is; an expiry
                // here, unless another instance has used the session since.
                if reason == .expired { journal.delete(session, unusedFor: inUseWithin) }
            },
            onHold: { session, held in held ? live.presence.joined(session) : live.presence.left(session.id) },
            load: { digest in try journal.load(tokenDigest: digest, usedWithin: inUseWithin) },
            listenedElsewhere: listenedElsewhere,
            storeUse: storeUse)
        let cluster = Cluster(
            catalog: catalog, sessions: sessions, journal: journal, live: live, calls: calls, metrics: metrics,
            maxJSONDepth: configuration.maxJSONDepth)
        cluster.follow(storage)
        let restored = try journal.restore(now: .now)
        sessions.restore(restored)
        if !restored.isEmpty { log.log(.info, "sessions.restored", [(key: "count", value: .number(Double(restored.count)))]) }
        cluster.receive(from: relay)
        revocations = configuration.authMode == .open ? nil : try KeyRevocations(storage: storage, sessions: sessions, log: log)
        let reads = DispatchQueue(label: "chain.reads", attributes: .concurrent)
        let routes = Router.table(
            service: ServiceRoutes(metricsRegistry: metrics, sessions: sessions),
            sessions: SessionRoutes(
                registry: sessions, journal: journal, menus: menus,
                limits: .init(
                    maxSessions: configuration.maxSessions, maxSessionsPerClient: configuration.maxSessionsPerClient,
                    maxPageSize: configuration.maxPageSize),
                calls: calls, log: log,
                principals: PrincipalGate(mode: configuration.authMode, proxyRole: configuration.proxyRole, storage: storage)),
            commands: CommandRoutes(runner: runner, menuBar: menuBar, maxJSONDepth: configuration.maxJSONDepth, log: log),
            images: ImageRoutes(
                storage: storage, imageCount: { [catalog] in catalog.imageCount },
                catalogVersion: { [catalog] in catalog.committedVersion }, pages: ImagePageCache(),
                maxPageSize: configuration.maxPageSize, reads: reads, log: log),
            thumbnails: ThumbnailRoutes(storage: storage, thumbnails: thumbnails, reads: reads, log: log),
            previews: PreviewRoutes(storage: storage, previews: previews, prefetch: prefetch, reads: reads, log: log),
            events: EventRoutes(live: live),
            handlers: HandlerRoutes(
                live: live, calls: calls, catalog: catalog, journal: journal, menus: menus, maxJSONDepth: configuration.maxJSONDepth,
                log: log),
            grid: GridRoutes(storage: storage, catalog: catalog, maxPageSize: configuration.maxPageSize, reads: reads, log: log),
            web: WebRoutes(), presence: PresenceRoutes(board: live.presence))
        router = Router(routes: routes, sessions: sessions, metrics: metrics, log: log, cors: CORSPolicy(origins: configuration.corsOrigins))
        http = HTTPServer(configuration: configuration.http, handler: router)
    }

    /// Seeds an empty catalog with the demo images, and with `demoPictures` draws their
    /// pictures: at seeding, and at any later start for pictures a crash or a hand left
    /// missing, as long as this is the demo catalog with pictures.
    private static func seedDemoCatalog(
        _ storage: any CatalogStorage, _ configuration: ServerConfiguration, pictures: any PictureEngine, log: Logger
    ) throws {
        guard configuration.demoImages > 0 else { return }
        let picturesDirectory = configuration.demoPictures ? configuration.absoluteDataDirectory + "/demo-pictures" : nil
        let seeded = try storage.seedDemoCatalogIfEmpty(count: configuration.demoImages, picturesDirectory: picturesDirectory)
        if seeded > 0 { log.log(.info, "catalog.seeded", [(key: "images", value: .number(Double(seeded)))]) }
        guard let picturesDirectory,
              try storage.image(ImageID(1))?.path == DemoCatalog.picturePath(of: 1, in: picturesDirectory)
        else { return }
        let started = ContinuousClock.now
        let records = DemoCatalog.records(count: seeded > 0 ? seeded : configuration.demoImages, picturesDirectory: picturesDirectory)
        let drawn = try DemoPictures.draw(records, engine: pictures) { path, error in
            log.log(.warning, "demo.picture.failed", [(key: "path", value: .string(path)), (key: "reason", value: .string(error.reason))])
        }
        guard drawn > 0 else { return }
        log.log(.info, "demo.pictures", [
            (key: "drawn", value: .number(Double(drawn))),
            (key: "seconds", value: .number(((ContinuousClock.now - started).seconds * 1000).rounded() / 1000)),
        ])
    }

    func start() throws {
        try http.start()
        revocations?.start()
        historyPruner.start(every: .seconds(configuration.historyPruneIntervalSeconds))
        log.log(.info, "server.started", [
            (key: "host", value: .string(configuration.host)), (key: "port", value: .number(Double(port))),
            (key: "threads", value: .number(Double(configuration.http.effectiveThreads))),
            (key: "images", value: .number(Double(catalog.imageCount))),
            (key: "durability", value: .string(configuration.durability.rawValue)),
            (key: "auth", value: .string(configuration.authMode.rawValue)),
        ])
    }

    var port: UInt16 { http.port }

    /// `http://HOST:PORT` with the real port (brackets around an IPv6 host).
    var url: String {
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        return "http://\(host):\(port)"
    }

    /// Stops accepting, lets requests in flight finish (up to `grace`), then flushes and
    /// closes the catalog: every acknowledged write is on disk when this returns, and the
    /// sidecars of the changes committed are written (up to `grace` more).
    func stop(grace: Duration) {
        log.log(.info, "server.stopping")
        // Streams end first (`ended`, reason shutdown), so no request in flight waits on one.
        revocations?.stop()
        live.shutdown()
        http.shutdown(timeout: grace)
        // Sidecars read their values from storage: before it closes.
        if let sidecars, !sidecars.flush(timeout: grace) { log.log(.warning, "sidecars.unflushed") }
        historyPruner.stop()
        storage.close()
        PictureLog.unroute(pictureLog)
        log.log(.info, "server.stopped")
    }
}
