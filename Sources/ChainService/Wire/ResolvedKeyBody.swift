import ChainModel

/// What took a key press (`resolvedBy` in a `/keys` answer): `{"binding": {...} | null,
/// "menuItem": id | null, "responder": path}`, the responder being the one that performed it.
package struct ResolvedKeyBody: WireObject {
    package let resolution: KeyResolution
    package let responder: ResponderPath

    package func members(_ member: inout JSONObjectWriter) {
        switch resolution.source {
        case .binding(let binding):
            member("binding", KeyBindingBody(binding: binding))
            member("menuItem", nil as String?)
        case .menuItem(let item):
            member("binding", nil as KeyBindingBody?)
            member("menuItem", item.id)
        }
        member("responder", responder)
    }
}
