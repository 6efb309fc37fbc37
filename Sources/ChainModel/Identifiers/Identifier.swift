/// Parses command identifiers: `{prefix.}action{("key": value, …)}`, e.g.
/// `menu.setRating("rating": 5)`. The prefix (any dotted names) is ignored; the arguments
/// are JSON object members between parentheses.
public enum Identifier {
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        /// Byte offset into the identifier.
        public var position: Int
        public var reason: String
        /// The arguments nest deeper than allowed (the identifier is malformed as a body would be).
        public var tooDeep = false

        public var description: String { "\(reason) at position \(position)" }
    }

    public static func parse(_ text: String, maxDepth: Int = JSONParser.defaultMaxDepth) throws(ParseError) -> Invocation {
        let bytes = Array(text.utf8)
        var index = 0
        var names: [String] = []
        while true {
            let start = index
            while index < bytes.count, isNameByte(bytes[index], first: index == start) { index += 1 }
            guard index > start else {
                throw ParseError(position: index, reason: index < bytes.count ? "expected a name" : "expected a name, found the end")
            }
            names.append(String(decoding: bytes[start..<index], as: UTF8.self))
            guard index < bytes.count, bytes[index] == UInt8(ascii: ".") else { break }
            index += 1
        }
        var arguments = Arguments.empty
        if index < bytes.count, bytes[index] == UInt8(ascii: "(") {
            var parser = JSONParser(bytes: bytes, maxDepth: maxDepth, start: index + 1)
            do {
                arguments = Arguments(try parser.parseMembers(closing: UInt8(ascii: ")"), depth: 1))
            } catch {
                throw ParseError(position: error.offset, reason: error.reason, tooDeep: error.tooDeep)
            }
            index = parser.index
        }
        guard index == bytes.count else {
            throw ParseError(position: index, reason: "unexpected '\(String(decoding: bytes[index...index], as: UTF8.self))' after the action")
        }
        return Invocation(action: names.last!, arguments: arguments)
    }

    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): true
        case UInt8(ascii: "0")...UInt8(ascii: "9"): !first
        default: false
        }
    }

    /// The identifier of `invocation` with `prefix`: what `parse` reads back.
    public static func format(_ invocation: Invocation, prefix: String? = nil) -> String {
        let name = (prefix.map { $0 + "." } ?? "") + invocation.action
        guard !invocation.arguments.isEmpty else { return name }
        let members = invocation.arguments.members.map { member in
            "\(JSON.string(member.key).text): \(member.value.text)"
        }
        return name + "(" + members.joined(separator: ", ") + ")"
    }
}
