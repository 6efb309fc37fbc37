import ChainModel

/// A command as the wire states it: an action with args, a menu item id, or an identifier
/// (`menu.setRating("rating": 5)`), with an optional responder to start the walk at.
package struct CommandRequest: Sendable {
    package var invocation: Invocation
    package var target: ResponderPath?

    package static let members: Set<String> = ["action", "args", "item", "identifier", "target"]

    package init(invocation: Invocation, target: ResponderPath? = nil) {
        self.invocation = invocation
        self.target = target
    }

    package init(body: JSON, menuBar: MenuBar, maxDepth: Int = JSONParser.defaultMaxDepth) throws(Problem) {
        let members = body.objectMembers ?? []
        if let stray = members.first(where: { !Self.members.contains($0.key) }) {
            throw Problem.invalid(stray.key, "unexpected member \"\(stray.key.prefix(40))\"; a command has action (with args), item or identifier, and optionally target")
        }
        let given = ["action", "item", "identifier"].filter { body[$0] != nil }
        guard given.count == 1, let form = given.first else {
            throw Problem.invalid(given.first ?? "action", "a command has exactly one of action, item or identifier")
        }
        if form != "action", body["args"] != nil {
            throw Problem.invalid("args", "args go with action; \(form) carries its own arguments")
        }
        let text = try Self.string(body[form]!, field: form)
        switch form {
        case "action":
            var arguments = Arguments.empty
            if let args = body["args"], args != .null {
                guard let members = args.objectMembers else { throw Problem.invalid("args", "args must be an object, not \(args.kindName)") }
                arguments = Arguments(members)
            }
            invocation = Invocation(action: text, arguments: arguments)
        case "item":
            guard let item = menuBar.item(id: text) else {
                throw Problem(.notFound, "unknown menu item \"\(text.prefix(80))\"", [(key: "field", value: "item"), (key: "name", value: .string(String(text.prefix(80))))])
            }
            invocation = item.invocation
        default:
            do {
                invocation = try Identifier.parse(text, maxDepth: maxDepth)
            } catch {
                if error.tooDeep {
                    throw Problem(.malformed, "identifier arguments are nested too deeply: \(error.reason)",
                                  [(key: "field", value: "identifier"), (key: "position", value: .number(Double(error.position)))])
                }
                throw Problem(.invalidArgument, "identifier is malformed: \(error.reason) at position \(error.position)", [
                    (key: "field", value: "identifier"), (key: "position", value: .number(Double(error.position))),
                ])
            }
        }
        if let target = body["target"], target != .null {
            let path = try Self.string(target, field: "target")
            guard let responder = ResponderPath(parsing: path) else {
                throw Problem.invalid("target", "target must be a responder path like \"main/grid\", not \"\(path.prefix(40))\"")
            }
            self.target = responder
        }
    }

    package static func string(_ value: JSON, field: String) throws(Problem) -> String {
        guard let text = value.stringValue, !text.isEmpty else {
            throw Problem.invalid(field, "\(field) must be a non-empty string, not \(value.kindName)")
        }
        return text
    }
}
