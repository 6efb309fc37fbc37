import ChainModel

/// A key press as the wire states it: `{"key": "5", "modifiers": ["command"]}`.
package struct KeyRequest: Sendable {
    package var key: String
    package var modifiers: Modifiers

    package init(body: JSON) throws(Problem) {
        if let stray = body.objectMembers?.first(where: { !["key", "modifiers"].contains($0.key) }) {
            throw Problem.invalid(stray.key, "unexpected member \"\(stray.key.prefix(40))\"; a key has key and modifiers")
        }
        key = try CommandRequest.string(body["key"] ?? .null, field: "key")
        modifiers = try Self.modifiers(body["modifiers"], field: "modifiers")
    }

    /// A `modifiers` member (absent or null: none), `field` naming it in problems: what a key
    /// press, a contributed item and a contributed binding all carry.
    package static func modifiers(_ json: JSON?, field: String) throws(Problem) -> Modifiers {
        var names: [String] = []
        if let json, json != .null {
            guard let values = json.arrayValue else { throw Problem.invalid(field, "modifiers must be an array of names") }
            for (index, name) in values.enumerated() {
                names.append(try CommandRequest.string(name, field: "\(field)[\(index)]"))
            }
        }
        do throws(ModifierError) {
            return try Modifiers(names: names)
        } catch {
            throw Problem.invalid(field, "unknown modifier \"\(error.name.prefix(40))\" (command, shift, option, control)")
        }
    }

    package var equivalent: KeyEquivalent { KeyEquivalent(key: key, modifiers: modifiers) }
}
