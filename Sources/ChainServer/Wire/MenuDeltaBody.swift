/// A `menu` event: the menu's new tag and only the items whose validation changed.
struct MenuDeltaBody: WireObject {
    let etag: String
    let items: [MenuState.Item]

    func members(_ member: inout JSONObjectWriter) {
        member("etag", etag)
        member("items", items.map(MenuItemStateBody.init))
    }
}
