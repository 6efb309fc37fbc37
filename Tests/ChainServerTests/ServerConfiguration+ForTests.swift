import ChainConfig

@testable import ChainServer

extension ServerConfiguration {
    /// An in-process app's configuration: the repository's menus, `demoImages` demo images in
    /// a catalog under `directory`, no fsync.
    static func forTests(directory: String, demoImages: Int) -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.dataDirectory = directory
        configuration.configDirectory = LiveServer.configDirectory
        configuration.demoImages = demoImages
        configuration.durability = .off
        return configuration
    }
}
