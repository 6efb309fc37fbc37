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

    public var description: String { "img-\(rawValue)" }

    public static func < (lhs: ImageID, rhs: ImageID) -> Bool { lhs.rawValue < rhs.rawValue }
}
