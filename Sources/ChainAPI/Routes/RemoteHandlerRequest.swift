import ChainModel

/// `POST …/handlers`: the responder to register on, the action (a new name or a built-in to
/// override there), the client's validation, the undo name for changes it answers with, and
/// the menu items and key bindings it contributes for its action.
package struct RemoteHandlerRequest: Sendable {
    package static let members: Set<String> = ["responder", "action", "validation", "undoName", "menuItems", "keyBindings"]
    package static let maxUndoNameLength = 128
    /// Items and bindings one handler may contribute, each.
    package static let maxContributions = 16

    package let responder: ResponderPath
    package let action: String
    package let validation: Validation
    package let undoName: String?
    package let menuItems: [ContributedItem]
    package let keyBindings: [ContributedBinding]

    package init(body: JSON, menuBar: MenuBar) throws(Problem) {
        let members = body.objectMembers ?? []
        if let stray = members.first(where: { !Self.members.contains($0.key) }) {
            throw Problem.invalid(String(stray.key.prefix(40)), "unexpected member \"\(stray.key.prefix(40))\"; a handler has responder, action, validation, undoName, menuItems and keyBindings")
        }
        guard let path = body["responder"]?.stringValue, let responder = ResponderPath(parsing: path) else {
            throw Problem.invalid("responder", "responder must be a responder path like \"main/grid\"")
        }
        guard let action = body["action"]?.stringValue, RemoteHandler.isActionName(action) else {
            throw Problem.invalid("action", "action must be a name: a letter, then letters or digits, at most 64")
        }
        self.responder = responder
        self.action = action
        validation = try body["validation"].map { value throws(Problem) in
            try RemoteValidationRequest(value, field: "validation").validation
        } ?? .enabled
        if let value = body["undoName"], value != .null {
            guard let text = value.stringValue, !text.isEmpty, text.count <= Self.maxUndoNameLength else {
                throw Problem.invalid("undoName", "undoName must be a string of 1 to \(Self.maxUndoNameLength) characters")
            }
            undoName = text
        } else {
            undoName = nil
        }
        menuItems = try Self.list(body["menuItems"], field: "menuItems") { (item, field) throws(Problem) in
            try Self.menuItem(item, field: field, menuBar: menuBar)
        }
        var ids = Set<String>()
        for (index, item) in menuItems.enumerated() where !ids.insert(item.id).inserted {
            throw Problem.invalid("menuItems[\(index)].id", "id \"\(item.id)\" is used twice")
        }
        keyBindings = try Self.list(body["keyBindings"], field: "keyBindings") { (item, field) throws(Problem) in
            try Self.members(item, field: field, allowed: ["key", "modifiers", "args"])
            return ContributedBinding(key: try Self.key(item, field: field, required: true)!, arguments: try Arguments(argsOf: item, field: field))
        }
        var keys = Set<KeyEquivalent>()
        for (index, binding) in keyBindings.enumerated() where !keys.insert(binding.key).inserted {
            throw Problem.invalid("keyBindings[\(index)].key", "key \(binding.key) is bound twice")
        }
    }

    private static func list<T>(
        _ json: JSON?, field: String, _ element: (JSON, String) throws(Problem) -> T
    ) throws(Problem) -> [T] {
        guard let json, json != .null else { return [] }
        guard let values = json.arrayValue else { throw Problem.invalid(field, "\(field) must be an array") }
        guard values.count <= maxContributions else {
            throw Problem.invalid(field, "a handler contributes at most \(maxContributions) \(field)")
        }
        var decoded: [T] = []
        for (index, value) in values.enumerated() { decoded.append(try element(value, "\(field)[\(index)]")) }
        return decoded
    }

    private static func menuItem(_ json: JSON, field: String, menuBar: MenuBar) throws(Problem) -> ContributedItem {
        try members(json, field: field, allowed: ["menu", "after", "id", "title", "args", "key", "modifiers"])
        // A well-formed name of nothing is 404, as an unknown responder or image in a command.
        guard let menu = json["menu"]?.stringValue else { throw Problem.invalid("\(field).menu", "menu must be a menu's id") }
        guard menuBar.hasMenu(menu) else {
            throw Problem(.notFound, "no menu \"\(menu.prefix(80))\" in the menu bar (\(menuBar.menus.map(\.id).joined(separator: ", ")), or a submenu)", [
                (key: "field", value: .string("\(field).menu")), (key: "name", value: .string(String(menu.prefix(80)))),
            ])
        }
        var after: String?
        if let value = json["after"], value != .null {
            guard let text = value.stringValue else { throw Problem.invalid("\(field).after", "after must be an item's id") }
            guard menuBar.hasMenu(menu, entry: text) else {
                throw Problem(.notFound, "menu \(menu) has no item or submenu \"\(text.prefix(80))\"", [
                    (key: "field", value: .string("\(field).after")), (key: "name", value: .string(String(text.prefix(80)))),
                ])
            }
            after = text
        }
        guard let id = json["id"]?.stringValue, WatchedControl.isID(id) else {
            throw Problem.invalid("\(field).id", "id must be 1 to 64 letters, digits, '.', '_' or '-'")
        }
        guard let title = json["title"]?.stringValue, !title.isEmpty, title.count <= maxUndoNameLength else {
            throw Problem.invalid("\(field).title", "title must be a string of 1 to \(maxUndoNameLength) characters")
        }
        return ContributedItem(
            id: id, menu: menu, after: after, title: title, arguments: try Arguments(argsOf: json, field: field),
            keyEquivalent: try key(json, field: field, required: false))
    }

    private static func members(_ json: JSON, field: String, allowed: Set<String>) throws(Problem) {
        guard let members = json.objectMembers else { throw Problem.invalid(field, "\(field) must be an object") }
        if let stray = members.first(where: { !allowed.contains($0.key) }) {
            throw Problem.invalid("\(field).\(stray.key.prefix(40))", "unexpected member \"\(stray.key.prefix(40))\"")
        }
    }

    private static func key(_ json: JSON, field: String, required: Bool) throws(Problem) -> KeyEquivalent? {
        guard let value = json["key"], value != .null else {
            if required { throw Problem.invalid("\(field).key", "key is missing") }
            return nil
        }
        guard let key = value.stringValue, !key.isEmpty, key.count <= 32 else {
            throw Problem.invalid("\(field).key", "key must be a key name like \"e\" or \"rightArrow\"")
        }
        return KeyEquivalent(key: key, modifiers: try KeyRequest.modifiers(json["modifiers"], field: "\(field).modifiers"))
    }
}
