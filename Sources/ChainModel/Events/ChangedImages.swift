/// An attribute change's `images` as the wire lists them, written from its segment:
/// `[{"id": "img-3", "rating": 5}, …]`, at most `limit` of them.
struct ChangedImages: WireValue {
    let segment: ChangeSet.Segment
    let limit: Int

    func write(to writer: inout JSONWriter) {
        let attribute = segment.attribute
        let key = JSONKey(attribute.name)
        writer.bytes.append(UInt8(ascii: "["))
        for (position, id) in segment.images.enumerated() {
            guard position < limit else { break }
            if position > 0 { writer.bytes.append(UInt8(ascii: ",")) }
            writer.object { member in
                member("id", id)
                member(key, attribute.json(segment.code(at: position)))
            }
        }
        writer.bytes.append(UInt8(ascii: "]"))
    }
}
