import ChainModel

/// A responder's context menu (`GET /v1/sessions/{id}/context-menu`): `{"responder",
/// "image", "items": [...]}`, items and submenus validated as the menu bar's are, with the
/// walk starting at `responder`.
package struct ContextMenuBody: WireObject {
    package let responder: ResponderPath
    package let image: ImageID?
    package let entries: [ValidatedMenuEntry]

    package func members(_ member: inout JSONObjectWriter) {
        member("responder", responder)
        member("image", image)
        member("items", entries.map(MenuEntryBody.init))
    }
}
