/// A session's menu (or key sheet) as last encoded, with the version it was valid for: served again as long as
/// neither the session nor the catalog has moved.
package struct RenderedMenu: Sendable {
    package let version: MenuVersion
    package let body: [UInt8]
    /// What else the bytes depend on: a context menu's responder and image.
    package var key = ""
}
