extension KeyBindings {
    /// The bindings of a menus file's `keyBindings`: `[{"responder": "grid", "key":
    /// "rightArrow", "modifiers": [], "action": "moveSelection", "args": {...}, "title": "…"}]`,
    /// `responder` a responder kind (`app`, `window`, `grid`, `viewer`). Absent: none.
    public init(definition json: JSON?, knownActions: Set<String>) throws(MenuBar.DefinitionError) {
        guard let json, json != .null else {
            self = .none
            return
        }
        guard let list = json.arrayValue else {
            throw MenuBar.DefinitionError(path: "keyBindings", problem: "expected an array of key bindings")
        }
        var bindings: [KeyBinding] = []
        for (index, entry) in list.enumerated() {
            let path = "keyBindings[\(index)]"
            guard let members = entry.objectMembers else {
                throw MenuBar.DefinitionError(path: path, problem: "expected an object")
            }
            if let stray = members.first(where: { !["responder", "key", "modifiers", "action", "args", "title"].contains($0.key) }) {
                throw MenuBar.DefinitionError(path: "\(path).\(stray.key)", problem: "unexpected member")
            }
            let kindName = try MenuBar.string(entry, "responder", path)
            guard let kind = ResponderKind(configName: kindName) else {
                let names = ResponderKind.allCases.map(\.configName).joined(separator: ", ")
                throw MenuBar.DefinitionError(path: "\(path).responder", problem: "\"\(kindName)\" is not a responder kind (\(names))")
            }
            guard let key = try MenuBar.keyEquivalent(entry, path: path) else {
                throw MenuBar.DefinitionError(path: "\(path).key", problem: "expected a non-empty string")
            }
            let action = try MenuBar.string(entry, "action", path)
            let arguments = try MenuBar.arguments(entry, path: path)
            let title = entry["title"] == nil ? nil : try MenuBar.string(entry, "title", path)
            bindings.append(KeyBinding(kind: kind, key: key, invocation: Invocation(action: action, arguments: arguments), title: title))
        }
        do {
            try self.init(bindings, knownActions: knownActions)
        } catch {
            throw MenuBar.DefinitionError(path: "keyBindings", problem: error.description)
        }
    }
}
