/// A statement parameter. Integers and text go as text, which the server parses to the
/// parameter's type; bytes go in binary, so `bytea` needs no escaping.
package enum PostgresValue: Sendable, Equatable {
    case null
    case int(Int64)
    case text(String)
    case bytes([UInt8])

    package static func int(_ value: Int) -> PostgresValue { .int(Int64(value)) }

    /// An `int8[]` literal (`{1,2,3}`), for `unnest($n::int8[])`: a whole column of values
    /// in one parameter, so a thousand rows are one statement.
    package static func array<S: Sequence>(_ values: S) -> PostgresValue where S.Element: BinaryInteger {
        var text = "{"
        var first = true
        for value in values {
            if !first { text += "," }
            first = false
            text += String(value)
        }
        return .text(text + "}")
    }

    /// A `text[]` (or `int8[]`, `int4[]`) literal of optional values: each element quoted
    /// and escaped, `nil` as NULL.
    package static func array(_ values: [String?]) -> PostgresValue {
        var text = "{"
        for (index, value) in values.enumerated() {
            if index > 0 { text += "," }
            guard let value else {
                text += "NULL"
                continue
            }
            text += "\""
            for character in value.unicodeScalars {
                if character == "\"" || character == "\\" { text += "\\" }
                text.unicodeScalars.append(character)
            }
            text += "\""
        }
        return .text(text + "}")
    }

    /// Calls `body` with libpq's three parallel arrays (values, lengths, formats) for
    /// `parameters`, all pointing into one buffer that lives for the call.
    package static func withCArrays<T>(
        _ parameters: [PostgresValue],
        _ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> T
    ) -> T {
        var buffer: [UInt8] = []
        var spans: [(offset: Int, length: Int)?] = []
        var formats: [Int32] = []
        for parameter in parameters {
            let offset = buffer.count
            switch parameter {
            case .null:
                spans.append(nil)
                formats.append(0)
                continue
            case .int(let value):
                buffer.append(contentsOf: String(value).utf8)
                formats.append(0)
            case .text(let value):
                buffer.append(contentsOf: value.utf8)
                formats.append(0)
            case .bytes(let value):
                buffer.append(contentsOf: value)
                formats.append(1)
            }
            spans.append((offset, buffer.count - offset))
            // Text parameters are read as C strings.
            buffer.append(0)
        }
        let lengths = spans.map { Int32($0?.length ?? 0) }
        return buffer.withUnsafeBufferPointer { bytes in
            let base = bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
            let values: [UnsafePointer<CChar>?] = spans.map { span in span.flatMap { span in base.map { $0 + span.offset } } }
            return values.withUnsafeBufferPointer { values in
                lengths.withUnsafeBufferPointer { lengths in
                    formats.withUnsafeBufferPointer { formats in
                        body(values.baseAddress, lengths.baseAddress, formats.baseAddress)
                    }
                }
            }
        }
    }
}
