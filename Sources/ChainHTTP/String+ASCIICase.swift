extension String {
    /// Whether the two are equal ignoring the case of ASCII letters: how HTTP compares field
    /// names. Byte by byte over the strings' own storage, with no Unicode tables and no
    /// allocation.
    package func equalsIgnoringASCIICase(_ other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let compared = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in Self.foldedEqual(mine, theirs) }
        }
        return (compared ?? nil) ?? zip(utf8, other.utf8).allSatisfy { Self.folded($0) == Self.folded($1) }
    }

    private static func foldedEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in a.indices where folded(a[index]) != folded(b[index]) { return false }
        return true
    }

    private static func folded(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
