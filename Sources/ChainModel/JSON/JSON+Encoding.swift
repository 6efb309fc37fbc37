extension JSON {
    /// Compact UTF-8 JSON text. Integral numbers print without a fraction (`5`, not `5.0`).
    public func encoded() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(to: &output)
        return output
    }

    public var text: String { String(decoding: encoded(), as: UTF8.self) }

    public func write(to output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value, _): JSON.writeNumber(value, to: &output)
        case .string(let value): JSON.writeString(value, to: &output)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (offset, value) in values.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (offset, member) in members.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                JSON.writeString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                member.value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    public static func writeNumber(_ value: Double, to output: inout [UInt8]) {
        if value.rounded() == value, abs(value) < 1e15 {
            output.append(contentsOf: String(Int64(value)).utf8)
        } else if value.isFinite {
            output.append(contentsOf: value.description.utf8)
        } else {
            output.append(contentsOf: "null".utf8)
        }
    }

    /// `value` as a JSON string. Runs of bytes that need no escape (all of a typical name)
    /// are copied in one piece; only `"`, `\\` and control characters are escaped.
    public static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            var start = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if start < index { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index])) }
                escape(byte, into: &output)
                start = index + 1
            }
            if start < bytes.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...])) }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func escape(_ byte: UInt8, into output: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): output.append(contentsOf: [0x5C, 0x22])
        case UInt8(ascii: "\\"): output.append(contentsOf: [0x5C, 0x5C])
        case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
        case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
        case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
        default:
            let hex = Array("0123456789abcdef".utf8)
            output.append(contentsOf: [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                       hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }
}

extension JSON: CustomStringConvertible {
    public var description: String { text }
}
