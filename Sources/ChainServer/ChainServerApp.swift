import ChainModel

/// The whole server, assembled from a configuration: the catalog (seeded on first start),
/// the service, the router and the HTTP listener. `chain-server` runs one; the live tests
/// start one in-process on port 0.
final class ChainServerApp: Sendable {
    let configuration: ServerConfiguration
    let service: ChainService
    let http: HTTPServer

    /// Reads the menus, opens (and on first start seeds) the catalog. Throws
    /// `ConfigurationError` for a bad menu file and the store's errors for a bad catalog.
    init(configuration: ServerConfiguration, log: Logger) throws {
        self.configuration = configuration
        let menuBar = try MenuFile.load(directory: configuration.configDirectory, knownActions: HandlerRegistry.standard.actions)
        let store = try CatalogStore(
            directory: configuration.dataDirectory, durability: configuration.durability, readerCount: configuration.readerConnections)
        if configuration.demoImages > 0 {
            let seeded = try store.seedDemoCatalogIfEmpty(count: configuration.demoImages)
            if seeded > 0 { log.log(.info, "catalog.seeded", [(key: "images", value: .number(Double(seeded)))]) }
        }
        service = try ChainService(configuration: configuration, store: store, menuBar: menuBar, log: log)
        http = HTTPServer(configuration: configuration.http, handler: Router(service: service))
    }

    func start() throws {
        try http.start()
        service.log.log(.info, "server.started", [
            (key: "host", value: .string(configuration.host)), (key: "port", value: .number(Double(port))),
            (key: "threads", value: .number(Double(configuration.http.effectiveThreads))),
            (key: "images", value: .number(Double(service.catalog.imageCount))),
            (key: "durability", value: .string(configuration.durability.rawValue)),
        ])
    }

    var port: UInt16 { http.port }

    /// `http://HOST:PORT` with the real port (brackets around an IPv6 host).
    var url: String {
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        return "http://\(host):\(port)"
    }

    /// Stops accepting, lets requests in flight finish (up to `grace`), then flushes and
    /// closes the catalog: every acknowledged write is on disk when this returns.
    func stop(grace: Duration) {
        service.log.log(.info, "server.stopping")
        http.shutdown(timeout: grace)
        service.store.close()
        service.log.log(.info, "server.stopped")
    }
}
