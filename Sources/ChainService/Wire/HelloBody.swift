import ChainModel

/// A stream's first event: everything a client needs to draw itself.
package struct HelloBody: WireObject {
    package let session: SessionBody
    package let menu: MenuBody
    package let catalogVersion: UInt64

    package func members(_ member: inout JSONObjectWriter) {
        member("session", session)
        member("menu", menu)
        member("catalogVersion", Int(catalogVersion))
    }
}
