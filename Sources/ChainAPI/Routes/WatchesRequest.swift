import ChainModel

/// `PUT …/watches`: `{"items": [{"id": "tb.pick", "action": "setFlag", "args": {"flag":
/// "pick"}, "target": null, "title": "Pick"}]}`, the whole set of controls a client shows
/// outside its menus. Ids are unique and are not menu item ids (a `menu` event names both).
package struct WatchesRequest: Sendable {
    package static let members: Set<String> = ["id", "action", "args", "target", "title"]
    package static let maxTitleLength = 128

    package let watches: [WatchedControl]

    package init(body: JSON, menuBar: MenuBar) throws(Problem) {
        if let stray = (body.objectMembers ?? []).first(where: { $0.key != "items" }) {
            throw Problem.invalid(String(stray.key.prefix(40)), "unexpected member \"\(stray.key.prefix(40))\"; watches are {\"items\": [...]}")
        }
        guard let items = body["items"]?.arrayValue else { throw Problem.invalid("items", "items must be an array of controls") }
        guard items.count <= WatchedControl.maxCount else {
            throw Problem.invalid("items", "a session watches at most \(WatchedControl.maxCount) controls, not \(items.count)")
        }
        var ids = Set<String>()
        var watches: [WatchedControl] = []
        for (index, item) in items.enumerated() {
            let field = "items[\(index)]"
            guard let members = item.objectMembers else { throw Problem.invalid(field, "\(field) must be an object") }
            if let stray = members.first(where: { !Self.members.contains($0.key) }) {
                throw Problem.invalid("\(field).\(stray.key.prefix(40))", "unexpected member \"\(stray.key.prefix(40))\"; a control has id, action, args, target and title")
            }
            guard let id = item["id"]?.stringValue, WatchedControl.isID(id) else {
                throw Problem.invalid("\(field).id", "id must be 1 to 64 letters, digits, '.', '_' or '-'")
            }
            guard ids.insert(id).inserted else { throw Problem.invalid("\(field).id", "id \"\(id)\" is used twice") }
            guard menuBar.item(id: id) == nil else {
                throw Problem.invalid("\(field).id", "id \"\(id)\" is a menu item's; menu events name both")
            }
            guard let action = item["action"]?.stringValue, RemoteHandler.isActionName(action) else {
                throw Problem.invalid("\(field).action", "action must be a name: a letter, then letters or digits, at most 64")
            }
            let arguments = try Arguments(argsOf: item, field: field)
            var target: ResponderPath?
            if let value = item["target"], value != .null {
                guard let text = value.stringValue, let path = ResponderPath(parsing: text) else {
                    throw Problem.invalid("\(field).target", "target must be a responder path like \"main/grid\", or null")
                }
                target = path
            }
            var title: String?
            if let value = item["title"], value != .null {
                guard let text = value.stringValue, !text.isEmpty, text.count <= Self.maxTitleLength else {
                    throw Problem.invalid("\(field).title", "title must be a string of 1 to \(Self.maxTitleLength) characters")
                }
                title = text
            }
            watches.append(WatchedControl(id: id, title: title, invocation: Invocation(action: action, arguments: arguments), target: target))
        }
        self.watches = watches
    }
}
