/// Identifies one image of the catalog.
///
/// Internally a positive integer (the store's row id); on the wire and in identifiers it is
/// written `img-<n>`, which keeps ids recognisable in logs and impossible to confuse with
/// ratings or counts.
public struct ImageID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int64

    public init(_ rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// Parses the wire form `img-<n>` with `n` a positive decimal integer without sign or
    /// leading zeros; anything else is `nil`.
    public init?(_ text: some StringProtocol) {
        guard text.hasPrefix("img-") else { return nil }
        let digits = text.utf8.dropFirst(4)
        guard let first = digits.first, first != UInt8(ascii: "0"), digits.count <= 18 else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        self.rawValue = value
    }

    /// Written digit by digit into a string of the exact length (small enough to need no
    /// heap for any real id): events spell out an id per rated image, and interpolation
    /// costs several times as much.
    public var description: String {
        var digitCount = 1
        var rest = rawValue.magnitude
        while rest >= 10 {
            rest /= 10
            digitCount += 1
        }
        let prefix = rawValue < 0 ? "img--" : "img-"
        let length = prefix.utf8.count + digitCount
        return String(unsafeUninitializedCapacity: length) { buffer in
            var index = 0
            for byte in prefix.utf8 {
                buffer[index] = byte
                index += 1
            }
            var value = rawValue.magnitude
            for position in stride(from: length - 1, through: index, by: -1) {
                buffer[position] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
            return length
        }
    }

    public static func < (lhs: ImageID, rhs: ImageID) -> Bool { lhs.rawValue < rhs.rawValue }
}
