/// A stream's first event: everything a client needs to draw itself.
struct HelloBody: WireObject {
    let session: SessionBody
    let menu: MenuBody
    let catalogVersion: UInt64

    func members(_ member: inout JSONObjectWriter) {
        member("session", session)
        member("menu", menu)
        member("catalogVersion", Int(catalogVersion))
    }
}
