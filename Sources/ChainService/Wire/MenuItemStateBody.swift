import ChainModel

/// One item of a `menu` event: what a client draws of it.
package struct MenuItemStateBody: WireObject {
    package let item: MenuState.Item

    package func members(_ member: inout JSONObjectWriter) {
        member("id", item.id)
        member("enabled", item.isEnabled)
        member("state", item.state.rawValue)
        member("title", item.title)
        member("hidden", item.isHidden)
        member("target", item.target)
    }
}
