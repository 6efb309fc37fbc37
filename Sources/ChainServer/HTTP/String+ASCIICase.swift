extension String {
    /// Whether the two are equal ignoring the case of ASCII letters: how HTTP compares field
    /// names. Byte by byte, with no Unicode tables and no allocation.
    func equalsIgnoringASCIICase(_ other: String) -> Bool {
        utf8.count == other.utf8.count && zip(utf8, other.utf8).allSatisfy { Self.folded($0) == Self.folded($1) }
    }

    private static func folded(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
