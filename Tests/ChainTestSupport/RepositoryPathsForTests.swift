import Foundation

/// Folders of this repository the tests read.
package enum RepositoryPaths {
    /// The repository's `config/`: the menus and keys the server ships with.
    package static let configDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("config").path
}
