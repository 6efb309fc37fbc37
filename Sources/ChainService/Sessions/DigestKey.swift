/// A token digest as a dictionary key, hashed as one run of bytes: `[UInt8]` feeds the hasher
/// a byte at a time, and every authenticated request looks its digest up twice.
struct DigestKey: Hashable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
