import ChainModel

/// A `menu` event: the menu's new tag, only the items whose validation changed, and, when
/// contributed items came or went, `added` (`[{"menu", "after", "item"}]`, the item as the
/// menu lists it) and `removed` (their ids).
package struct MenuDeltaBody: WireObject {
    package let etag: String
    package let delta: MenuState.Delta

    package func members(_ member: inout JSONObjectWriter) {
        member("etag", etag)
        member("items", delta.items.map(MenuItemStateBody.init))
        if !delta.added.isEmpty { member("added", delta.added.map(Added.init)) }
        if !delta.removed.isEmpty { member("removed", delta.removed) }
    }

    package struct Added: WireObject {
        package let item: MenuState.Item

        package func members(_ member: inout JSONObjectWriter) {
            member("menu", item.menu)
            member("after", item.after)
            member("item", item.validated.map { MenuEntryBody(entry: .item($0)) })
        }
    }
}
