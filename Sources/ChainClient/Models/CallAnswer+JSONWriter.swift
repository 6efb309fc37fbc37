extension CallAnswer {
    /// The answer's body as `encode(to:)` makes it (keys sorted), written by hand: it goes
    /// out on every remote-handler call. Nil when JSON cannot hold it.
    func json() -> [UInt8]? {
        var writer = JSONWriter()
        writer.beginObject()
        switch self {
        case .result(let result):
            writer.key("result")
            guard writer.value(result) else { return nil }
        case .changes(let changes, let result):
            writer.key("changes")
            writer.raw("[")
            for (offset, change) in changes.enumerated() {
                if offset > 0 { writer.raw(",") }
                change.write(to: &writer)
            }
            writer.raw("]")
            writer.key("result")
            guard writer.value(result) else { return nil }
        case .error(let title, let detail):
            writer.key("error")
            writer.beginObject()
            writer.member("detail", detail)
            writer.member("title", title)
            writer.endObject()
        }
        writer.endObject()
        return writer.bytes
    }
}

extension ImageChange {
    /// `{"flag", "image", "label", "rating"}`, the members set, keys sorted.
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("flag", flag)
        writer.member("image", image)
        writer.member("label", label)
        if let rating {
            writer.key("rating")
            writer.int(rating)
        }
        writer.endObject()
    }
}
