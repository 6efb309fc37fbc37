import ChainAPI
import ChainConfig
import ChainService
import ChainTestSupport
import Foundation

@testable import ChainServer

extension Router {
    /// The router table of a real app, assembled (not started) over an empty catalog in a
    /// temporary directory: what tests compare the API document with.
    static let tableForTests: [Route] = {
        let directory = TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let configuration = ServerConfiguration.forTests(directory: directory, demoImages: 0)
        do {
            let app = try ChainServerApp(configuration: configuration, log: Logger(level: .error))
            defer { app.storage.close() }
            return app.router.routes
        } catch {
            fatalError("an app over an empty catalog must assemble: \(error)")
        }
    }()
}
