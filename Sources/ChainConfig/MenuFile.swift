import ChainModel
import Foundation

/// Reads the menu bar and the key bindings from `<config>/menus.json`, refusing them with
/// the file, the JSON path and the problem (unknown action, key bound twice, …).
package enum MenuFile {
    package static func load(directory: String, knownActions: Set<String>) throws -> (menuBar: MenuBar, keys: KeyMap) {
        let path = directory + "/menus.json"
        let json = try ServerConfiguration.readJSON(path)
        do {
            let menuBar = try MenuBar(definition: json, knownActions: knownActions)
            let bindings = try KeyBindings(definition: json["keyBindings"], knownActions: knownActions.union(menuBar.remoteActions))
            return (menuBar, KeyMap(bindings: bindings, menuBar: menuBar))
        } catch {
            throw ConfigurationError(source: path, key: error.path, problem: error.problem)
        }
    }
}
