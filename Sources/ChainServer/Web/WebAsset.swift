/// One file of the web client, embedded in the binary at build time, with its strong tag.
struct WebAsset: Sendable {
    let name: String
    let contentType: String
    let bytes: [UInt8]
    let tag: EntityTag

    init(name: String, contentType: String, bytes: [UInt8]) {
        self.name = name
        self.contentType = contentType
        self.bytes = bytes
        let digest = SHA256.digest(bytes).prefix(12)
        tag = EntityTag(digest.map { SessionToken.hex($0) }.joined())
    }
}
