/// Bytes and ids from the OS CSPRNG.
package enum SecureRandom {
    /// `count` bytes from the OS CSPRNG: on Linux the standard library's
    /// `SystemRandomNumberGenerator` reads `getrandom(2)` (falling back to /dev/urandom).
    package static func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 8)
        while bytes.count < count {
            let word = generator.next()
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        return Array(bytes.prefix(count))
    }

    /// A new id: 16 random bytes as hex. Not secret, but unguessable all the same.
    package static func id() -> String { Hex.string(bytes(16)) }
}
