import ChainModel

/// A `ChangeSet` as bytes, for stored undo entries: as compact as the value itself, so a
/// million images set to one value stays a few bytes and per-image values a byte each.
///
/// Layout (unsigned LEB128 varints, `i` zigzag-encoded): format `1`; segment count; per
/// segment the attribute's name (length, UTF-8), the run count, each run as `first`(i) and
/// `count`, then `0` and one code (every image) or `1` and one code per image. An undo
/// entry that keeps the values it set (`UndoSplit`) is format `2`: the segments of what it
/// writes back, then those of what it set, each list as in format `1`.
package enum ChangeSetCoding {
    package static let format: UInt8 = 1
    package static let entryFormat: UInt8 = 2

    package static func encode(_ changes: ChangeSet) -> [UInt8] {
        var bytes: [UInt8] = [format]
        append(changes, to: &bytes)
        return bytes
    }

    /// An undo entry's changes, with the values it set when it has them (format `2`).
    package static func encode(_ changes: ChangeSet, expecting expected: ChangeSet?) -> [UInt8] {
        guard let expected else { return encode(changes) }
        var bytes: [UInt8] = [entryFormat]
        append(changes, to: &bytes)
        append(expected, to: &bytes)
        return bytes
    }

    /// The changes `bytes` hold; throws `Malformed` for bytes `encode` did not write.
    package static func decode(_ bytes: [UInt8]) throws(Malformed) -> ChangeSet {
        var reader = Reader(bytes: bytes)
        guard try reader.byte() == format else { throw Malformed(reason: "unknown format") }
        let changes = try read(&reader)
        guard reader.isAtEnd else { throw Malformed(reason: "bytes after the last segment") }
        return changes
    }

    /// An undo entry's changes and, for format `2`, the values it set.
    package static func decodeEntry(_ bytes: [UInt8]) throws(Malformed) -> (changes: ChangeSet, expected: ChangeSet?) {
        var reader = Reader(bytes: bytes)
        let version = try reader.byte()
        guard version == format || version == entryFormat else { throw Malformed(reason: "unknown format") }
        let changes = try read(&reader)
        let expected = version == entryFormat ? try read(&reader) : nil
        guard reader.isAtEnd else { throw Malformed(reason: "bytes after the last segment") }
        return (changes, expected)
    }

    private static func append(_ changes: ChangeSet, to bytes: inout [UInt8]) {
        writeVarint(UInt64(changes.segments.count), to: &bytes)
        for segment in changes.segments {
            let name = Array(segment.attribute.name.utf8)
            writeVarint(UInt64(name.count), to: &bytes)
            bytes += name
            writeVarint(UInt64(segment.images.runs.count), to: &bytes)
            for run in segment.images.runs {
                writeVarint(UInt64(bitPattern: (run.first << 1) ^ (run.first >> 63)), to: &bytes)
                writeVarint(UInt64(run.count), to: &bytes)
            }
            switch segment.values {
            case .all(let code): bytes += [0, code]
            case .each(let codes): bytes.append(1); bytes += codes
            }
        }
    }

    private static func read(_ reader: inout Reader) throws(Malformed) -> ChangeSet {
        var segments: [ChangeSet.Segment] = []
        for _ in 0..<(try reader.count()) {
            let nameBytes = try reader.bytes(try reader.count())
            guard let attribute = Attribute.named(String(decoding: nameBytes, as: UTF8.self)) else {
                throw Malformed(reason: "unknown attribute")
            }
            var runs: [ImageSelection.Run] = []
            for _ in 0..<(try reader.count()) {
                let zigzag = try reader.varint()
                let first = Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
                runs.append(ImageSelection.Run(first: first, count: try reader.count()))
            }
            let images = ImageSelection(runs: runs)
            switch try reader.byte() {
            case 0: segments.append(ChangeSet.Segment(attribute: attribute, images: images, values: .all(try reader.byte())))
            case 1: segments.append(ChangeSet.Segment(attribute: attribute, images: images, values: .each(try reader.bytes(images.count))))
            default: throw Malformed(reason: "unknown values tag")
            }
        }
        return ChangeSet(segments)
    }

    package struct Malformed: Error, Sendable, CustomStringConvertible {
        package var reason: String
        package var description: String { "stored changes: \(reason)" }
    }

    private static func writeVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func byte() throws(Malformed) -> UInt8 {
            guard offset < bytes.count else { throw Malformed(reason: "truncated") }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func bytes(_ count: Int) throws(Malformed) -> [UInt8] {
            guard count <= bytes.count - offset else { throw Malformed(reason: "truncated") }
            defer { offset += count }
            return Array(bytes[offset..<offset + count])
        }

        mutating func varint() throws(Malformed) -> UInt64 {
            var value: UInt64 = 0
            for shift in stride(from: 0, to: 64, by: 7) {
                let next = try byte()
                value |= UInt64(next & 0x7F) << UInt64(shift)
                if next < 0x80 { return value }
            }
            throw Malformed(reason: "varint too long")
        }

        /// A varint used as a count or length: never more than the bytes left could hold.
        mutating func count() throws(Malformed) -> Int {
            let value = try varint()
            guard value <= UInt64(Int32.max) else { throw Malformed(reason: "count out of range") }
            return Int(value)
        }
    }
}
