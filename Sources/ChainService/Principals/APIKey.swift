import ChainSupport

/// API keys (`chain-server keys add`): shown once, kept only as their SHA-256 digest, as
/// session tokens are.
package enum APIKey {
    /// A new key: `ck_` and 32 random bytes as unpadded base64url.
    package static func make() -> String { "ck_" + Base64URL.encode(SecureRandom.bytes(32)) }

    package static func digest(of key: String) -> [UInt8] { SHA256.digest(key.utf8) }

    /// Whether `name` may name a principal: 1 to 64 letters, digits, `.`, `_`, `-` or `@`,
    /// so it is safe in logs, headers and the web client as it stands.
    package static func isValidName(_ name: String) -> Bool {
        guard (1...64).contains(name.utf8.count) else { return false }
        return name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "@")
        }
    }
}
