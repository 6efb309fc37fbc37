/// Session credentials: an id that names the session in URLs and logs, and a 256-bit
/// bearer token from the OS CSPRNG that is shown once and kept only as its SHA-256 digest.
enum SessionToken {
    /// `count` bytes from the OS CSPRNG: on Linux the standard library's
    /// `SystemRandomNumberGenerator` reads `getrandom(2)` (falling back to /dev/urandom).
    static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 8)
        while bytes.count < count {
            let word = generator.next()
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        return Array(bytes.prefix(count))
    }

    /// A new token: 32 random bytes as unpadded base64url (43 characters).
    static func make() -> String { base64URL(randomBytes(32)) }

    /// A new session id: 16 random bytes as hex. Not secret, but unguessable all the same.
    static func makeID() -> String { randomBytes(16).map { hex($0) }.joined() }

    static func digest(of token: String) -> [UInt8] { SHA256.digest(token.utf8) }

    /// Compares two digests in time that depends only on their length.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var output = ""
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value = 0
            for byte in chunk { value = value << 8 | Int(byte) }
            value <<= (3 - chunk.count) * 8
            for position in 0..<(chunk.count + 1) {
                output.append(alphabet[(value >> (18 - position * 6)) & 0x3F])
            }
            index += 3
        }
        return output
    }
}
