/// A strong entity tag (RFC 9110 §8.8.3) and the `If-None-Match` test against it.
package struct EntityTag: Sendable, Equatable {
    /// The quoted form, as the `ETag` header carries it.
    package let quoted: String

    package init(_ opaque: String) {
        quoted = "\"" + opaque + "\""
    }

    /// A tag already in its quoted form (one made before and kept).
    package init(quoted: String) {
        self.quoted = quoted
    }

    /// Whether an `If-None-Match` value names this tag (weak comparison, as RFC 9110 §13.1.2
    /// asks for this header; `*` matches any current representation). A malformed value names
    /// nothing, so the full answer goes out.
    package func isMatched(byIfNoneMatch header: String?) -> Bool {
        guard let header, let list = EntityTagList(header) else { return false }
        guard case .tags(let tags) = list else { return true }
        return tags.contains { "\"" + $0.opaque + "\"" == quoted }
    }

    package var header: HTTPResponse.Header { HTTPResponse.Header(name: "ETag", value: quoted) }

    /// `304 Not Modified` with the tag and no body.
    package var notModified: HTTPResponse {
        HTTPResponse(status: 304, headers: [header])
    }

    /// The same, repeating the `Cache-Control` the full answer carries (RFC 9110 §15.4.5).
    package func notModified(cacheControl: String) -> HTTPResponse {
        HTTPResponse(status: 304, headers: [header, HTTPResponse.Header(name: "Cache-Control", value: cacheControl)])
    }
}
