import ChainModel

/// A client's answer to "validate this" for one of its handlers: `enabled`, `state`,
/// `title`, `hidden`, each optional (enabled, off, the item's own title, shown). Any other
/// member is refused, as a misspelt one would otherwise be silently ignored.
package struct RemoteValidationRequest: Sendable {
    package static let members: Set<String> = ["enabled", "state", "title", "hidden"]
    package static let maxTitleLength = 200

    package let validation: Validation

    package init(_ json: JSON, field: String) throws(Problem) {
        guard let members = json.objectMembers else {
            throw Problem.invalid(field, "\(field) must be an object, not \(json.kindName)")
        }
        if let stray = members.first(where: { !Self.members.contains($0.key) }) {
            throw Problem.invalid("\(field).\(stray.key.prefix(40))", "unexpected member \"\(stray.key.prefix(40))\"; a validation has enabled, state, title and hidden")
        }
        let enabled = try Self.bool(json["enabled"], "\(field).enabled") ?? true
        let hidden = try Self.bool(json["hidden"], "\(field).hidden") ?? false
        var state = CheckState.off
        if let value = json["state"], value != .null {
            guard let text = value.stringValue, let parsed = CheckState(rawValue: text) else {
                throw Problem.invalid("\(field).state", "\(field).state must be \"on\", \"off\" or \"mixed\"")
            }
            state = parsed
        }
        var title: String?
        if let value = json["title"], value != .null {
            guard let text = value.stringValue, !text.isEmpty, text.count <= Self.maxTitleLength else {
                throw Problem.invalid("\(field).title", "\(field).title must be a string of 1 to \(Self.maxTitleLength) characters, or null")
            }
            title = text
        }
        validation = Validation(
            isEnabled: enabled, state: state, title: title, isHidden: hidden, reason: enabled ? nil : "its client disabled it")
    }

    private static func bool(_ value: JSON?, _ field: String) throws(Problem) -> Bool? {
        guard let value, value != .null else { return nil }
        guard case .bool(let flag) = value else { throw Problem.invalid(field, "\(field) must be true or false, not \(value.kindName)") }
        return flag
    }
}
