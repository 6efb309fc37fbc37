extension ContextMenus {
    /// The menus of `contextMenus`: `{"grid": [items], "viewer": [items]}`, keyed by responder
    /// kind (`app`, `window`, `grid`, `viewer`), items and submenus shaped as in the menu bar.
    /// Absent: none.
    public init(definition json: JSON?, knownActions: Set<String>) throws(MenuBar.DefinitionError) {
        guard let json, json != .null else {
            self = .none
            return
        }
        guard let members = json.objectMembers else {
            throw MenuBar.DefinitionError(path: "contextMenus", problem: "expected an object of menus by responder kind")
        }
        var menus: [ResponderKind: Menu] = [:]
        for (name, items) in members {
            let path = "contextMenus.\(name)"
            guard let kind = ResponderKind(configName: name) else {
                let names = ResponderKind.allCases.map(\.configName).joined(separator: ", ")
                throw MenuBar.DefinitionError(path: path, problem: "\"\(name)\" is not a responder kind (\(names))")
            }
            guard items.arrayValue != nil else {
                throw MenuBar.DefinitionError(path: path, problem: "expected an array of items")
            }
            let wrapped = JSON.object([(key: "id", value: .string("context.\(kind.configName)")),
                                       (key: "title", value: .string(kind.configName)), (key: "items", value: items)])
            do {
                menus[kind] = try MenuBar.menu(wrapped, path: path)
            } catch {
                // The wrapper's own path (`contextMenus.grid.items[2]`) reads as the file's.
                let wrapper = "\(path).items"
                let inFile = error.path.hasPrefix(wrapper) ? path + error.path.dropFirst(wrapper.count) : error.path
                throw MenuBar.DefinitionError(path: inFile, problem: error.problem)
            }
        }
        do {
            try self.init(menus, knownActions: knownActions)
        } catch {
            throw MenuBar.DefinitionError(path: "contextMenus", problem: error.description)
        }
    }
}
