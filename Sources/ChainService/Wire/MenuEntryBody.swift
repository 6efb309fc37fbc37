import ChainModel

/// A submenu (`id`, `title`, `items`) or an item with its validation (and `trace` when
/// explained).
package struct MenuEntryBody: WireObject {
    package let entry: ValidatedMenuEntry

    package func members(_ member: inout JSONObjectWriter) {
        switch entry {
        case .submenu(let id, let title, let entries):
            member("id", id)
            member("title", title)
            member("items", entries.map(MenuEntryBody.init))
        case .item(let validated):
            let item = validated.item
            member("id", item.id)
            member("title", validated.title)
            member("action", item.action)
            member("args", item.arguments.json)
            member("identifier", Identifier.format(item.invocation, prefix: "menu"))
            member("key", item.keyEquivalent?.key)
            member("modifiers", item.keyEquivalent?.modifiers.nameList ?? [])
            member("enabled", validated.isEnabled)
            member("state", validated.state.rawValue)
            member("hidden", validated.isHidden)
            member("target", validated.target)
            member("trace", ifPresent: validated.trace.map { $0.map(TraceStepBody.init) })
        }
    }
}
