import ChainModel
import Foundation

/// Reads the menu bar from `<config>/menus.json`, refusing it with the file, the JSON path
/// and the problem (unknown action, key bound twice, …).
package enum MenuFile {
    package static func load(directory: String, knownActions: Set<String>) throws -> MenuBar {
        let path = directory + "/menus.json"
        let json = try ServerConfiguration.readJSON(path)
        do {
            return try MenuBar(definition: json, knownActions: knownActions)
        } catch {
            throw ConfigurationError(source: path, key: error.path, problem: error.problem)
        }
    }
}
