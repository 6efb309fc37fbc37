import ChainSupport

/// API keys (`chain-server keys add`): shown once, kept only as their SHA-256 digest, as
/// session tokens are.
package enum APIKey {
    /// A new key: `ck_` and 32 random bytes as unpadded base64url.
    package static func make() -> String { "ck_" + Base64URL.encode(SecureRandom.bytes(32)) }

    package static func digest(of key: String) -> [UInt8] { SHA256.digest(key.utf8) }
}
