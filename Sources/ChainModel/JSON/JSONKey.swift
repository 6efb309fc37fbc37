/// A member name. Written as a literal (`member("id", …)`) it is a `StaticString` of plain
/// identifier characters, copied straight into the output with no escaping pass; names
/// known only at run time (attribute names, problem extras) are escaped as any string is.
public struct JSONKey: ExpressibleByStringLiteral {
    @usableFromInline
    enum Storage {
        case literal(StaticString)
        case text(String)
    }

    @usableFromInline let storage: Storage

    @inlinable
    public init(stringLiteral value: StaticString) {
        assert(value.hasPointerRepresentation && Self.isPlain(value), "member names written as literals need no escaping")
        storage = .literal(value)
    }

    @inlinable
    public init(_ text: String) {
        storage = .text(text)
    }

    /// `"name":`.
    @inlinable
    public func write(to writer: inout JSONWriter) {
        switch storage {
        case .literal(let name):
            writer.bytes.append(UInt8(ascii: "\""))
            writer.bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            writer.bytes.append(UInt8(ascii: "\""))
        case .text(let name):
            writer.string(name)
        }
        writer.bytes.append(UInt8(ascii: ":"))
    }

    @usableFromInline
    static func isPlain(_ name: StaticString) -> Bool {
        UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount).allSatisfy { byte in
            byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
        }
    }
}
