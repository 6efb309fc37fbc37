
/// A strong entity tag (RFC 9110 §8.8.3) and the `If-None-Match` test against it.
struct EntityTag: Sendable, Equatable {
    /// The quoted form, as the `ETag` header carries it.
    let quoted: String

    init(_ opaque: String) {
        quoted = "\"" + opaque + "\""
    }

    /// A session object's tag: it changes with the session's version.
    static func session(_ version: Int) -> EntityTag { EntityTag("s\(version)") }

    /// A menu's tag: the session's version and the catalog's, so any command on the session
    /// and any write anywhere in the catalog give a new one; `explain` is another representation.
    /// `live`: whether the session's remote handlers are (their client has a stream open).
    static func menu(session: Int, catalog: UInt64, live: Bool = false, explain: Bool) -> EntityTag {
        EntityTag("m\(session).\(catalog)" + (live ? "l" : "") + (explain ? "x" : ""))
    }

    /// Whether an `If-None-Match` value names this tag (weak comparison, as RFC 9110 §13.1.2
    /// asks for this header; `*` matches any current representation). A malformed value names
    /// nothing, so the full answer goes out.
    func isMatched(byIfNoneMatch header: String?) -> Bool {
        guard let header, let list = EntityTagList(header) else { return false }
        guard case .tags(let tags) = list else { return true }
        return tags.contains { "\"" + $0.opaque + "\"" == quoted }
    }

    var header: HTTPResponse.Header { HTTPResponse.Header(name: "ETag", value: quoted) }

    /// `304 Not Modified` with the tag and no body.
    var notModified: HTTPResponse {
        HTTPResponse(status: 304, headers: [header])
    }

    /// The same, repeating the `Cache-Control` the full answer carries (RFC 9110 §15.4.5).
    func notModified(cacheControl: String) -> HTTPResponse {
        HTTPResponse(status: 304, headers: [header, HTTPResponse.Header(name: "Cache-Control", value: cacheControl)])
    }
}
