import ChainModel

/// The validated menu bar (`GET /v1/sessions/{id}/menu`).
struct MenuBody: WireObject {
    let entries: [ValidatedMenuEntry]
    let firstResponder: ResponderPath

    func members(_ member: inout JSONObjectWriter) {
        member("firstResponder", firstResponder)
        member("menus", entries.map(MenuEntryBody.init))
    }
}
