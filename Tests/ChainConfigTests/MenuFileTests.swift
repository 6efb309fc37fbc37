import ChainConfig
import ChainModel
import ChainTestSupport
import Foundation
import Testing

/// Reading `menus.json`: the repository's file loads; a file that binds a key twice or names
/// an unknown action is refused, naming the file and the items.
@Suite("MenuFile")
struct MenuFileTests {
    static let known = HandlerRegistry.standard.actions

    /// Loads `menus.json` holding `json`; the error's source is checked to be that file.
    static func load(_ json: String) throws -> MenuBar {
        try TemporaryDirectory.with { directory in
            try TemporaryDirectory.write(Array(json.utf8), to: directory + "/menus.json")
            do {
                return try MenuFile.load(directory: directory, knownActions: known).menuBar
            } catch let error as ConfigurationError {
                #expect(error.source == directory + "/menus.json")
                throw error
            }
        }
    }

    static func menus(_ items: String) -> String {
        #"{"menus": [{"id": "image", "title": "Image", "items": [\#(items)]}]}"#
    }

    static func error(_ json: String) -> ConfigurationError? {
        do {
            _ = try load(json)
            return nil
        } catch {
            return error as? ConfigurationError
        }
    }

    @Test func theRepositorysMenusLoad() throws {
        let bar = try MenuFile.load(directory: RepositoryPaths.configDirectory, knownActions: Self.known).menuBar

        #expect(bar.item(id: "rating.5")?.action == "setRating")
        #expect(bar.item(forKey: "5", modifiers: [])?.id == "rating.5")
        #expect(bar.item(forKey: "z", modifiers: [.command, .shift])?.id == "redo")
        #expect(bar.menus.map(\.id) == ["file", "edit", "image", "view"])
    }

    @Test func aKeyBoundTwiceNamesBothItems() {
        let error = Self.error(Self.menus("""
            {"id": "five", "title": "Five", "action": "setRating", "args": {"rating": 5}, "key": "5", "modifiers": ["command"]},
            {"id": "four", "title": "Four", "action": "setRating", "args": {"rating": 4}, "key": "5", "modifiers": ["command"]}
            """))

        #expect(error?.key == "menus")
        #expect(error?.problem.contains("command+5") == true, "\(String(describing: error))")
        #expect(error?.problem.contains("\"five\"") == true)
        #expect(error?.problem.contains("\"four\"") == true)
    }

    @Test func theSameKeyWithOtherModifiersIsFine() throws {
        let bar = try Self.load(Self.menus("""
            {"id": "undo", "title": "Undo", "action": "undo", "key": "z", "modifiers": ["command"]},
            {"id": "redo", "title": "Redo", "action": "redo", "key": "z", "modifiers": ["command", "shift"]}
            """))

        #expect(bar.item(forKey: "z", modifiers: [.command])?.id == "undo")
    }

    @Test func anUnknownActionNamesItemAndAction() {
        let error = Self.error(Self.menus(#"{"id": "fly", "title": "Fly", "action": "levitate"}"#))

        #expect(error?.key == "menus")
        #expect(error?.problem.contains("\"fly\"") == true, "\(String(describing: error))")
        #expect(error?.problem.contains("\"levitate\"") == true)
    }

    @Test func everyProblemIsNamed() {
        let error = Self.error(Self.menus("""
            {"id": "a", "title": "A", "action": "undo", "key": "u"},
            {"id": "b", "title": "B", "action": "teleport"},
            {"id": "c", "title": "C", "action": "redo", "key": "u"}
            """))

        let problem = error?.problem ?? ""
        #expect(problem.contains("\"b\"") && problem.contains("\"teleport\""), "\(problem)")
        #expect(problem.contains("\"a\"") && problem.contains("\"c\""), "\(problem)")
    }

    @Test(arguments: [
        (#"{"menus": 5}"#, "menus"),
        (menus(#"{"id": "x", "title": "X"}"#), "menus[0].items[0].action"),
        (menus(#"{"id": "x", "title": "X", "action": "undo", "key": "z", "modifiers": ["hyper"]}"#), "menus[0].items[0].modifiers"),
        (menus(#"{"id": "x", "title": "X", "action": "undo", "items": []}"#), "menus[0].items[0]"),
        ("{", "(file)"),
    ])
    func malformedDefinitionNamesThePath(json: String, key: String) {
        #expect(Self.error(json)?.key == key)
    }

    @Test func aMissingFileCannotBeRead() {
        #expect {
            try MenuFile.load(directory: "/nonexistent-\(UUID().uuidString)", knownActions: Self.known)
        } throws: { error in
            (error as? ConfigurationError)?.key == "(file)" && (error as? ConfigurationError)?.problem.contains("cannot be read") == true
        }
    }
}
