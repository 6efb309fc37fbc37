import ChainModel

/// Data of the `view` event: a grid's working set changed members or order. `etag` names
/// the new set (as `WorkingSet.tag`; `GET …/grid`'s `ETag` begins with it).
package struct ViewEventBody: WireObject {
    package let window: String
    package let total: Int
    package let etag: String

    package init(window: String, total: Int, etag: String) {
        self.window = window
        self.total = total
        self.etag = etag
    }

    package func members(_ member: inout JSONObjectWriter) {
        member("window", window)
        member("total", total)
        member("etag", etag)
    }
}
