import ChainHTTP
import ChainSupport

/// One file of the web client, embedded in the binary at build time, with its strong tag.
package struct WebAsset: Sendable {
    package let name: String
    package let contentType: String
    package let bytes: [UInt8]
    package let tag: EntityTag

    package init(name: String, contentType: String, bytes: [UInt8]) {
        self.name = name
        self.contentType = contentType
        self.bytes = bytes
        let digest = SHA256.digest(bytes).prefix(12)
        tag = EntityTag(Hex.string(digest))
    }
}
