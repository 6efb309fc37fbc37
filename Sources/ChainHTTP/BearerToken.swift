/// The credential of an `Authorization: Bearer <token>` header (RFC 6750 §2.1).
package enum BearerToken {
    /// The token of an `Authorization: Bearer <token>` header (scheme in any case, spaces and
    /// tabs around the token ignored), read byte by byte: this runs on every request.
    package static func parse(_ header: String) -> String? {
        var header = header
        return header.withUTF8 { bytes -> String? in
            let value = HTTPWhitespace.trimmed(bytes)
            let scheme: [UInt8] = [0x62, 0x65, 0x61, 0x72, 0x65, 0x72]  // "bearer"
            guard value.count > scheme.count + 1 else { return nil }
            for offset in 0..<scheme.count where bytes[value.lowerBound + offset] | 0x20 != scheme[offset] { return nil }
            let separator = value.lowerBound + scheme.count
            guard HTTPWhitespace.contains(bytes[separator]) else { return nil }
            let token = HTTPWhitespace.trimmed(bytes[separator..<value.upperBound])
            guard !token.isEmpty, token.count <= 512 else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[token]), as: UTF8.self)
        }
    }
}
