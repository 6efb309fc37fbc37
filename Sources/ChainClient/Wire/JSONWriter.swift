/// JSON text written by hand for the small bodies sent on every remote-handler call (a call's
/// answer), without JSONEncoder: keys in order, numbers as `JSONValue`'s encoding writes
/// them (whole numbers without a fraction). Nil for what JSON cannot hold (a non-finite
/// number): the caller then lets JSONEncoder throw its error.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 128) {
        bytes.reserveCapacity(capacity)
    }

    mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case ..<0x20:
                raw("\\u00")
                bytes.append(Self.hex[Int(byte >> 4)])
                bytes.append(Self.hex[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hex = Array("0123456789abcdef".utf8)

    mutating func number(_ value: Double) -> Bool {
        guard value.isFinite else { return false }
        if let exact = Int(exactly: value) { bytes.append(contentsOf: String(exact).utf8) } else { bytes.append(contentsOf: value.description.utf8) }
        return true
    }

    mutating func int(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Whether the next member of the object being written follows another.
    private var follows = false

    mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        follows = false
    }

    /// Ends an object, which is itself a member's value or an element.
    mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        follows = true
    }

    /// `"key":`, after a comma unless it is the object's first member.
    mutating func key(_ name: String) {
        if follows { bytes.append(UInt8(ascii: ",")) }
        string(name)
        bytes.append(UInt8(ascii: ":"))
        follows = true
    }

    /// `"key":"text"`, or nothing for nil (as `encodeIfPresent`).
    mutating func member(_ name: String, _ text: String?) {
        guard let text else { return }
        key(name)
        string(text)
    }

    /// Any value; objects with their keys sorted, as the transport's encoder sorts them.
    mutating func value(_ value: JSONValue) -> Bool {
        switch value {
        case .null: raw("null")
        case .bool(let flag): flag ? raw("true") : raw("false")
        case .number(let number): return self.number(number)
        case .string(let text): string(text)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                guard self.value(element) else { return false }
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            beginObject()
            for name in members.keys.sorted() {
                key(name)
                guard self.value(members[name]!) else { return false }
            }
            endObject()
        }
        return true
    }
}
