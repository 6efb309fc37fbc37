/// A strict RFC 8259 parser over UTF-8 bytes with a nesting limit, so no input —
/// however deep, long or malformed — can exhaust the stack or crash the process.
public struct JSONParser {
    /// Why and where parsing stopped; `offset` counts bytes from the start of the input.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var offset: Int
        public var reason: String
        public var tooDeep: Bool

        public var description: String { "\(reason) at byte \(offset)" }
    }

    public static let defaultMaxDepth = 64

    let bytes: [UInt8]
    private let maxDepth: Int
    var index: Int

    public init(bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth, start: Int = 0) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.index = start
    }

    /// Parses one whole document: a value and nothing after it but white space.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(Failure) -> JSON {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.failure("unexpected content after the value") }
        return value
    }

    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(Failure) -> JSON {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }

    func failure(_ reason: String, at offset: Int? = nil) -> Failure {
        Failure(offset: offset ?? index, reason: reason, tooDeep: false)
    }

    var isAtEnd: Bool { index >= bytes.count }
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    mutating func parseValue(depth: Int) throws(Failure) -> JSON {
        skipWhitespace()
        guard let byte = current else { throw failure("unexpected end of input, expected a value") }
        switch byte {
        case UInt8(ascii: "{"):
            try checkDepth(depth)
            index += 1
            return .object(try parseMembers(closing: UInt8(ascii: "}"), depth: depth + 1))
        case UInt8(ascii: "["):
            try checkDepth(depth)
            index += 1
            return .array(try parseElements(depth: depth + 1))
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        default:
            throw failure("unexpected character '\(Unicode.Scalar(byte).escaped(asASCII: true))', expected a value")
        }
    }

    private func checkDepth(_ depth: Int) throws(Failure) {
        guard depth < maxDepth else {
            throw Failure(offset: index, reason: "nesting deeper than \(maxDepth) levels", tooDeep: true)
        }
    }

    /// Parses `"key": value` pairs separated by commas up to `closing`, which is consumed.
    /// Identifiers reuse this for their `( … )` argument lists.
    mutating func parseMembers(closing: UInt8, depth: Int) throws(Failure) -> [(key: String, value: JSON)] {
        var members: [(key: String, value: JSON)] = []
        skipWhitespace()
        if current == closing {
            index += 1
            return members
        }
        // Room for a small object at once, instead of growing member by member.
        members.reserveCapacity(4)
        // Small objects are checked by scanning; a large one switches to a set, so a body of
        // many members cannot make the check quadratic.
        var names: Set<String>?
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a quoted member name") }
            let start = index
            let key = try parseString()
            if names == nil, members.count >= 16 { names = Set(members.lazy.map(\.key)) }
            let repeated = names?.insert(key).inserted == false || (names == nil && members.contains { $0.key == key })
            guard !repeated else { throw failure("member \"\(key.prefix(80))\" appears more than once", at: start) }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':' after member name \"\(key)\"") }
            index += 1
            let value = try parseValue(depth: depth)
            members.append((key: key, value: value))
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                index += 1
            } else if current == closing {
                index += 1
                return members
            } else {
                throw failure("expected ',' or '\(Unicode.Scalar(closing))'")
            }
        }
    }

    private mutating func parseElements(depth: Int) throws(Failure) -> [JSON] {
        var elements: [JSON] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return elements
        }
        elements.reserveCapacity(4)
        while true {
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                index += 1
            } else if current == UInt8(ascii: "]") {
                index += 1
                return elements
            } else {
                throw failure("expected ',' or ']'")
            }
        }
    }

    private mutating func parseLiteral(_ word: StaticString, _ value: JSON) throws(Failure) -> JSON {
        let start = index
        for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            guard current == expected else { throw failure("invalid literal, expected '\(word)'", at: start) }
            index += 1
        }
        return value
    }
}
