import ChainModel

/// The validated menu bar (`GET /v1/sessions/{id}/menu`).
package struct MenuBody: WireObject {
    package let entries: [ValidatedMenuEntry]
    package let firstResponder: ResponderPath

    package init(entries: [ValidatedMenuEntry], firstResponder: ResponderPath) {
        self.entries = entries
        self.firstResponder = firstResponder
    }

    package func members(_ member: inout JSONObjectWriter) {
        member("firstResponder", firstResponder)
        member("menus", entries.map(MenuEntryBody.init))
    }
}
