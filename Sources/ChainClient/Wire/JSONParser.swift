/// JSON text (RFC 8259) to a `JSONValue`, byte by byte: no Codable, no thrown-and-caught
/// errors per value, no generic metadata, for the event stream's every event. Nil for any
/// text that is not one JSON value (the caller then falls back to JSONDecoder, which says why).
struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    /// Nested arrays and objects deeper than this are refused (no stack overflow on hostile input).
    private static let maximumDepth = 512

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The one value `text` holds, surrounded by whitespace at most.
    static func parse(_ text: String) -> JSONValue? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        var parser = JSONParser(bytes)
        guard let value = parser.value() else { return nil }
        parser.skipWhitespace()
        // Not a ternary: its `nil` would be JSONValue's nil literal, `.null`.
        guard parser.index == bytes.count else { return nil }
        return value
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func value() -> JSONValue? {
        skipWhitespace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) -> JSONValue? {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return nil }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return nil }
        index += count
        return value
    }

    private mutating func object() -> JSONValue? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { return nil }
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            guard let member = value() else { return nil }
            // A repeated name: JSONDecoder keeps the first; leave such text to it.
            guard members.updateValue(member, forKey: key) == nil else { return nil }
            skipWhitespace()
            guard index < bytes.count else { return nil }
            let separator = bytes[index]
            index += 1
            if separator == UInt8(ascii: "}") { return .object(members) }
            guard separator == UInt8(ascii: ",") else { return nil }
        }
    }

    private mutating func array() -> JSONValue? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { return nil }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            guard let element = value() else { return nil }
            elements.append(element)
            skipWhitespace()
            guard index < bytes.count else { return nil }
            let separator = bytes[index]
            index += 1
            if separator == UInt8(ascii: "]") { return .array(elements) }
            guard separator == UInt8(ascii: ",") else { return nil }
        }
    }

    /// A string from its opening quote; the plain run without escapes is copied in one go.
    private mutating func string() -> String? {
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            index += 1
        }
        var text = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard escape(into: &text) else { return nil }
            case ..<0x20:
                return nil
            default:
                text.append(byte)
            }
        }
        return nil
    }

    /// The escape after a backslash, appended to `text` as UTF-8.
    private mutating func escape(into text: inout [UInt8]) -> Bool {
        guard index < bytes.count else { return false }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(byte)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
            guard var scalar = hexQuad() else { return false }
            if (0xD800..<0xDC00).contains(scalar) {
                // A high surrogate: a low one must follow, as `\uDC00`…`\uDFFF`.
                guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return false }
                index += 2
                guard let low = hexQuad(), (0xDC00..<0xE000).contains(low) else { return false }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                return false
            }
            guard let unicode = Unicode.Scalar(scalar) else { return false }
            text.append(contentsOf: UTF8.encode(unicode)!)
        default:
            return false
        }
        return true
    }

    private mutating func hexQuad() -> UInt32? {
        guard bytes.count - index >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            index += 1
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// A number in JSON's grammar (`-`, digits without a leading zero, fraction, exponent):
    /// small integers are read exactly, the rest by `Double`'s own parser.
    private mutating func number() -> JSONValue? {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        var integer: UInt64 = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            if integer < 1 << 53 { integer = integer * 10 + UInt64(bytes[index] - UInt8(ascii: "0")) }
            index += 1
        }
        let digits = index - integerStart
        guard digits > 0, digits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { return nil }
        var plain = digits < 16
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            plain = false
            index += 1
            guard skipDigits() else { return nil }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            plain = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() else { return nil }
        }
        if plain {
            let magnitude = Double(integer)
            return .number(bytes[start] == UInt8(ascii: "-") ? -magnitude : magnitude)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return .number(value)
    }

    /// One or more digits.
    private mutating func skipDigits() -> Bool {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        return index > start
    }
}
