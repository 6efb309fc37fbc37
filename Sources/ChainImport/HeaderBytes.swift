/// Bounds-checked reads over the first bytes of a file.
///
/// Every read past the end, at a negative offset or with an offset that would overflow is
/// `nil`, never a trap: header parsers follow offsets taken from the file itself, and a
/// malformed or truncated file must end as "no dimensions", not a crash.
package struct HeaderBytes {
    package let bytes: [UInt8]

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    package var count: Int { bytes.count }

    /// Whether `length` bytes starting at `offset` are all present.
    package func contains(_ offset: Int, length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= bytes.count && length <= bytes.count - offset
    }

    package func u8(at offset: Int) -> UInt8? {
        contains(offset, length: 1) ? bytes[offset] : nil
    }

    package func u16(at offset: Int, littleEndian: Bool = false) -> UInt16? {
        integer(at: offset, length: 2, littleEndian: littleEndian).map { UInt16($0) }
    }

    package func u32(at offset: Int, littleEndian: Bool = false) -> UInt32? {
        integer(at: offset, length: 4, littleEndian: littleEndian).map { UInt32($0) }
    }

    package func u64(at offset: Int, littleEndian: Bool = false) -> UInt64? {
        integer(at: offset, length: 8, littleEndian: littleEndian)
    }

    /// The bytes of `range` (clamped to what is present) on their own, offsets from 0: reads
    /// past the end of a box then fail instead of wandering into the next one.
    package func slice(_ range: Range<Int>) -> HeaderBytes {
        let lower = min(max(range.lowerBound, 0), bytes.count)
        let upper = min(max(range.upperBound, lower), bytes.count)
        return HeaderBytes(Array(bytes[lower..<upper]))
    }

    /// Whether the bytes at `offset` spell `ascii`.
    package func matches(_ ascii: String, at offset: Int) -> Bool {
        let expected = Array(ascii.utf8)
        guard contains(offset, length: expected.count) else { return false }
        return bytes[offset..<(offset + expected.count)].elementsEqual(expected)
    }

    private func integer(at offset: Int, length: Int, littleEndian: Bool) -> UInt64? {
        guard contains(offset, length: length) else { return nil }
        var value: UInt64 = 0
        for index in 0..<length {
            let byte = UInt64(bytes[littleEndian ? offset + length - 1 - index : offset + index])
            value = value << 8 | byte
        }
        return value
    }
}
