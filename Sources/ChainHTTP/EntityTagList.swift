/// An `If-Match` or `If-None-Match` value as RFC 9110 spells it (§13.1.1, §8.8.3): `*`, or a
/// comma-separated list of entity tags, each `"…"` or weak `W/"…"`. Between the quotes any
/// visible character but `"` may stand, a comma and `%` too, and the tag may be empty; so the
/// list is read tag by tag, never split at commas. Empty list elements are skipped (§5.6.1.2).
package enum EntityTagList: Sendable, Equatable {
    case any
    case tags([Tag])

    package struct Tag: Sendable, Equatable {
        package var isWeak: Bool
        /// What stands between the quotes.
        package var opaque: String

        package init(isWeak: Bool, opaque: String) {
            self.isWeak = isWeak
            self.opaque = opaque
        }
    }

    /// `nil` when `value` is neither `*` nor a list of entity tags.
    package init?(_ value: String) {
        let bytes = Array(value.utf8)
        var index = 0
        var end = bytes.count
        while index < end, Self.isSpace(bytes[index]) { index += 1 }
        while end > index, Self.isSpace(bytes[end - 1]) { end -= 1 }
        if end - index == 1, bytes[index] == UInt8(ascii: "*") {
            self = .any
            return
        }
        var tags: [Tag] = []
        while index < end {
            if bytes[index] == UInt8(ascii: ",") || Self.isSpace(bytes[index]) {
                index += 1
                continue
            }
            let isWeak = end - index >= 2 && bytes[index] == UInt8(ascii: "W") && bytes[index + 1] == UInt8(ascii: "/")
            if isWeak { index += 2 }
            guard index < end, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let start = index + 1
            index = start
            while index < end, bytes[index] != UInt8(ascii: "\"") {
                guard Self.isTagByte(bytes[index]) else { return nil }
                index += 1
            }
            guard index < end else { return nil }
            tags.append(Tag(isWeak: isWeak, opaque: String(decoding: bytes[start..<index], as: UTF8.self)))
            index += 1
            while index < end, Self.isSpace(bytes[index]) { index += 1 }
            guard index == end || bytes[index] == UInt8(ascii: ",") else { return nil }
        }
        self = .tags(tags)
    }

    /// Optional whitespace: space or horizontal tab.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// `etagc`: `!`, `#` to `~`, and obs-text (any byte of a non-ASCII character).
    private static func isTagByte(_ byte: UInt8) -> Bool {
        byte == 0x21 || (0x23...0x7E).contains(byte) || byte >= 0x80
    }
}
