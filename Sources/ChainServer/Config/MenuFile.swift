import ChainModel
import Foundation

/// Reads the menu bar from `<config>/menus.json`, refusing it with the file, the JSON path
/// and the problem (unknown action, key bound twice, …).
enum MenuFile {
    static func load(directory: String, knownActions: Set<String>) throws -> MenuBar {
        let path = directory + "/menus.json"
        let json: JSON
        do {
            json = try JSONParser.parse([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        } catch let failure as JSONParser.Failure {
            throw ConfigurationError(source: path, key: "(file)", problem: "not valid JSON: \(failure)")
        } catch {
            throw ConfigurationError(source: path, key: "(file)", problem: "cannot be read: \(error.localizedDescription)")
        }
        do {
            return try MenuBar(definition: json, knownActions: knownActions)
        } catch {
            throw ConfigurationError(source: path, key: error.path, problem: error.problem)
        }
    }
}
