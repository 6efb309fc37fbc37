import ChainModel
import Foundation

/// Reads the menu bar, the key bindings and the context menus from `<config>/menus.json`,
/// refusing them with the file, the JSON path and the problem (unknown action, key bound
/// twice, …).
package enum MenuFile {
    package struct Contents: Sendable {
        package let menuBar: MenuBar
        package let keys: KeyMap
        package let contextMenus: ContextMenus
    }

    package static func load(directory: String, knownActions: Set<String>) throws -> Contents {
        let path = directory + "/menus.json"
        let json = try ServerConfiguration.readJSON(path)
        do {
            let menuBar = try MenuBar(definition: json, knownActions: knownActions)
            let known = knownActions.union(menuBar.remoteActions)
            let bindings = try KeyBindings(definition: json["keyBindings"], knownActions: known)
            let contextMenus = try ContextMenus(definition: json["contextMenus"], knownActions: known)
            return Contents(menuBar: menuBar, keys: KeyMap(bindings: bindings, menuBar: menuBar), contextMenus: contextMenus)
        } catch {
            throw ConfigurationError(source: path, key: error.path, problem: error.problem)
        }
    }
}
