import ChainModel

/// The controls a session's clients watch, validated now (`GET /v1/sessions/{id}/watches`):
/// `{"items": [{"id", "title", "action", "args", "enabled", "state", "hidden", "target"}]}`,
/// in the order they were declared. A `menu` event carries their changes under their ids.
package struct WatchesBody: WireObject {
    package let items: [ValidatedMenuItem]
    package let watches: [WatchedControl]

    package init(items: [ValidatedMenuItem], watches: [WatchedControl]) {
        self.items = items
        self.watches = watches
    }

    package func members(_ member: inout JSONObjectWriter) {
        member("items", zip(items, watches).map(Item.init))
    }

    package struct Item: WireObject {
        package let validated: ValidatedMenuItem
        package let watch: WatchedControl

        package init(_ pair: (ValidatedMenuItem, WatchedControl)) {
            (validated, watch) = pair
        }

        package func members(_ member: inout JSONObjectWriter) {
            member("id", watch.id)
            member("title", validated.title)
            member("action", watch.invocation.action)
            member("args", watch.invocation.arguments.json)
            member("enabled", validated.isEnabled)
            member("state", validated.state.rawValue)
            member("hidden", validated.isHidden)
            member("target", validated.target)
        }
    }
}
