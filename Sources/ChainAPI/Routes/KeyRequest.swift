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
        var names: [String] = []
        if let list = body["modifiers"], list != .null {
            guard let values = list.arrayValue else { throw Problem.invalid("modifiers", "modifiers must be an array of names") }
            for (index, name) in values.enumerated() {
                names.append(try CommandRequest.string(name, field: "modifiers[\(index)]"))
            }
        }
        do throws(ModifierError) {
            modifiers = try Modifiers(names: names)
        } catch {
            throw Problem.invalid("modifiers", "unknown modifier \"\(error.name.prefix(40))\" (command, shift, option, control)")
        }
    }

    package var equivalent: KeyEquivalent { KeyEquivalent(key: key, modifiers: modifiers) }
}
