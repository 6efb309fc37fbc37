extension MenuBar {
    /// Why a menu definition could not be read, with the JSON path of the offending member
    /// (`menus[2].items[0].key`).
    public struct DefinitionError: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var problem: String

        public var description: String { "\(path): \(problem)" }
    }

    /// Builds the bar from its declarative form: `{"menus": [{"id", "title", "items": [...]}]}`,
    /// where an item has `id`, `title`, `action`, optional `args`, `key`, `modifiers`, and a
    /// submenu has `id`, `title`, `items` and no `action`.
    public init(definition json: JSON, knownActions: Set<String>) throws(DefinitionError) {
        guard let menus = json["menus"]?.arrayValue else {
            throw DefinitionError(path: "menus", problem: "expected an array of menus")
        }
        var decoded: [Menu] = []
        for (index, menu) in menus.enumerated() {
            decoded.append(try Self.menu(menu, path: "menus[\(index)]"))
        }
        let remote = try Self.remoteActions(json["remoteActions"], builtIn: knownActions)
        do {
            try self.init(menus: decoded, knownActions: knownActions, remoteActions: remote)
        } catch {
            throw DefinitionError(path: "menus", problem: error.description)
        }
    }

    static func menu(_ json: JSON, path: String) throws(DefinitionError) -> Menu {
        let id = try string(json, "id", path)
        let title = try string(json, "title", path)
        guard let items = json["items"]?.arrayValue else {
            throw DefinitionError(path: "\(path).items", problem: "expected an array of items")
        }
        var entries: [MenuEntry] = []
        for (index, item) in items.enumerated() {
            let itemPath = "\(path).items[\(index)]"
            if item["items"] != nil {
                guard item["action"] == nil else {
                    throw DefinitionError(path: itemPath, problem: "a submenu has items and no action")
                }
                entries.append(.submenu(try menu(item, path: itemPath)))
            } else {
                entries.append(.item(try menuItem(item, path: itemPath)))
            }
        }
        return Menu(id: id, title: title, entries: entries)
    }

    private static func menuItem(_ json: JSON, path: String) throws(DefinitionError) -> MenuItem {
        guard json.objectMembers != nil else { throw DefinitionError(path: path, problem: "expected an object") }
        let id = try string(json, "id", path)
        let title = try string(json, "title", path)
        let action = try string(json, "action", path)
        let arguments = try Self.arguments(json, path: path)
        let keyEquivalent = try Self.keyEquivalent(json, path: path)
        return MenuItem(id: id, title: title, action: action, arguments: arguments, keyEquivalent: keyEquivalent)
    }

    /// The `key` and `modifiers` of an item or a binding; `nil` when there is no key.
    static func keyEquivalent(_ json: JSON, path: String) throws(DefinitionError) -> KeyEquivalent? {
        guard let key = json["key"], key != .null else { return nil }
        guard let key = key.stringValue, !key.isEmpty else {
            throw DefinitionError(path: "\(path).key", problem: "expected a non-empty string")
        }
        let names = json["modifiers"]?.arrayValue ?? []
        var modifierNames: [String] = []
        for (index, name) in names.enumerated() {
            guard let name = name.stringValue else {
                throw DefinitionError(path: "\(path).modifiers[\(index)]", problem: "expected a modifier name")
            }
            modifierNames.append(name)
        }
        do {
            return KeyEquivalent(key: key, modifiers: try Modifiers(names: modifierNames))
        } catch {
            throw DefinitionError(path: "\(path).modifiers", problem: "unknown modifier \"\(error.name)\"")
        }
    }

    /// An item's or a binding's `args`: an object, empty when absent.
    static func arguments(_ json: JSON, path: String) throws(DefinitionError) -> Arguments {
        guard let args = json["args"], args != .null else { return .empty }
        guard let members = args.objectMembers else { throw DefinitionError(path: "\(path).args", problem: "expected an object") }
        return Arguments(members)
    }

    /// `remoteActions`: action names (`[A-Za-z][A-Za-z0-9]*`, at most 64 characters) that no
    /// built-in performs.
    private static func remoteActions(_ json: JSON?, builtIn: Set<String>) throws(DefinitionError) -> Set<String> {
        guard let json, json != .null else { return [] }
        guard let names = json.arrayValue else {
            throw DefinitionError(path: "remoteActions", problem: "expected an array of action names")
        }
        var actions = Set<String>()
        for (index, name) in names.enumerated() {
            let path = "remoteActions[\(index)]"
            guard let name = name.stringValue, RemoteHandler.isActionName(name) else {
                throw DefinitionError(path: path, problem: "expected an action name: a letter, then letters or digits, at most 64")
            }
            guard !builtIn.contains(name) else {
                throw DefinitionError(path: path, problem: "\(name) is a built-in action; a remote handler can override it without declaring it")
            }
            actions.insert(name)
        }
        return actions
    }

    static func string(_ json: JSON, _ key: String, _ path: String) throws(DefinitionError) -> String {
        guard let value = json[key]?.stringValue, !value.isEmpty else {
            throw DefinitionError(path: "\(path).\(key)", problem: "expected a non-empty string")
        }
        return value
    }
}
