import ChainModel

/// A remote handler as its client registered it, with its validation in full and whether
/// it is live (its session has an event stream open).
package struct RemoteHandlerBody: WireObject {
    package let handler: RemoteHandler
    package let live: Bool

    package init(handler: RemoteHandler, live: Bool) {
        self.handler = handler
        self.live = live
    }

    package func members(_ member: inout JSONObjectWriter) {
        member("id", handler.id)
        member("responder", handler.responder)
        member("action", handler.action)
        member("validation", ValidationBody(validation: handler.validation))
        member("undoName", handler.undoName)
        member("live", live)
        if !handler.menuItems.isEmpty { member("menuItems", handler.menuItems.map { ContributedItemBody(item: $0, handler: handler) }) }
        if !handler.keyBindings.isEmpty { member("keyBindings", handler.keyBindings.map(ContributedBindingBody.init)) }
    }

    /// A contributed item with its id in the menu (`h-1.export`).
    package struct ContributedItemBody: WireObject {
        package let item: ContributedItem
        package let handler: RemoteHandler

        package func members(_ member: inout JSONObjectWriter) {
            member("id", item.menuItem(of: handler).id)
            member("menu", item.menu)
            member("after", item.after)
            member("title", item.title)
            member("args", item.arguments.json)
            member("key", item.keyEquivalent?.key)
            member("modifiers", item.keyEquivalent?.modifiers.nameList ?? [])
        }
    }

    package struct ContributedBindingBody: WireObject {
        package let binding: ContributedBinding

        package func members(_ member: inout JSONObjectWriter) {
            member("key", binding.key.key)
            member("modifiers", binding.key.modifiers.nameList)
            member("args", binding.arguments.json)
        }
    }

    package struct ValidationBody: WireObject {
        package let validation: Validation

        package func members(_ member: inout JSONObjectWriter) {
            member("enabled", validation.isEnabled)
            member("state", validation.state.rawValue)
            member("title", validation.title)
            member("hidden", validation.isHidden)
        }
    }
}
