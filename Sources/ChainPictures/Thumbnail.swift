/// A thumbnail's JPEG bytes and its version: an opaque token that changes whenever the
/// bytes could (the API quotes it as the strong entity tag).
package struct Thumbnail: Sendable {
    package let bytes: [UInt8]
    package let version: String

    package init(bytes: [UInt8], version: String) {
        self.bytes = bytes
        self.version = version
    }
}
