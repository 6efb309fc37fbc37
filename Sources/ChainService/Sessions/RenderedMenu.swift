import ChainModel

/// A session's menu (or key sheet) as last encoded, with the version it was valid for: served again as long as
/// neither the session nor the catalog has moved.
package struct RenderedMenu: Sendable {
    package let version: MenuVersion
    package let body: [UInt8]
    /// What else a context menu's bytes depend on: the responder and image asked for, and
    /// the tag made for them, kept so a repeat builds no string.
    package var responder: ResponderPath? = nil
    package var image: ImageID? = nil
    package var etag = ""
}
