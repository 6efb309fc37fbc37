import ChainSupport

/// Session credentials: an id that names the session in URLs and logs, and a 256-bit
/// bearer token from the OS CSPRNG that is shown once and kept only as its SHA-256 digest.
package enum SessionToken {
    /// A new token: 32 random bytes as unpadded base64url (43 characters).
    package static func make() -> String { Base64URL.encode(SecureRandom.bytes(32)) }

    package static func digest(of token: String) -> [UInt8] { SHA256.digest(token.utf8) }

    /// Compares two digests in time that depends only on their length.
    package static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
