/// Which menu a session's validation gives: the session's version and the catalog's, so any
/// command on the session and any write anywhere in the catalog give a new one; whether the
/// session's remote handlers are live (their client has a stream open); `explain` is another
/// representation. The API turns it into an entity tag.
package struct MenuVersion: Sendable, Equatable {
    package let session: Int
    package let catalog: UInt64
    package let live: Bool
    package let explain: Bool

    package init(session: Int, catalog: UInt64, live: Bool = false, explain: Bool) {
        self.session = session
        self.catalog = catalog
        self.live = live
        self.explain = explain
    }

    /// The version as one opaque token: what the menu's `ETag` quotes, and what a `menu`
    /// event's `etag` names.
    package var opaque: String {
        "m\(session).\(catalog)" + (live ? "l" : "") + (explain ? "x" : "")
    }

    /// The tag as the `ETag` header quotes it, which a `menu` event's body repeats.
    package var quoted: String { "\"" + opaque + "\"" }
}
