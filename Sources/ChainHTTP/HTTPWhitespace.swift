/// The optional whitespace HTTP allows around field values and their parts (RFC 9110
/// §5.6.3): spaces and tabs, compared as bytes.
package enum HTTPWhitespace {
    package static func contains(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// The range of `bytes` without the whitespace at either end; empty when there is only
    /// whitespace.
    package static func trimmed<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> Range<Bytes.Index> {
        guard let first = bytes.firstIndex(where: { !contains($0) }), let last = bytes.lastIndex(where: { !contains($0) }) else {
            return bytes.endIndex..<bytes.endIndex
        }
        return first..<bytes.index(after: last)
    }
}
