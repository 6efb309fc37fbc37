import ChainModel

/// A stream's first event: everything a client needs to draw itself (the watched controls
/// only when the session has some).
package struct HelloBody: WireObject {
    package let session: SessionBody
    package let menu: MenuBody
    package let catalogVersion: UInt64
    package var watches: WatchesBody? = nil

    package func members(_ member: inout JSONObjectWriter) {
        member("session", session)
        member("menu", menu)
        member("catalogVersion", Int(catalogVersion))
        member("watches", ifPresent: watches)
    }
}
