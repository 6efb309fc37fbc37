/// A session's menu as last encoded, with the tag it was valid for: served again as long as
/// neither the session nor the catalog has moved.
struct RenderedMenu: Sendable {
    let tag: EntityTag
    let body: [UInt8]
}
