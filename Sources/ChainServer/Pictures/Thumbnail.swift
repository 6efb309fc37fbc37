/// A thumbnail's JPEG bytes and its strong tag.
struct Thumbnail: Sendable {
    let bytes: [UInt8]
    let tag: EntityTag
}
