import ChainModel

/// A `menu` event: the menu's new tag and only the items whose validation changed.
package struct MenuDeltaBody: WireObject {
    package let etag: String
    package let items: [MenuState.Item]

    package func members(_ member: inout JSONObjectWriter) {
        member("etag", etag)
        member("items", items.map(MenuItemStateBody.init))
    }
}
