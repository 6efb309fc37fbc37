extension JSONParser {
    mutating func parseString() throws(Failure) -> String {
        let start = index
        index += 1  // opening quote
        // Most strings (names, ids) have no escape: made straight from the input's bytes,
        // with no buffer in between (and no allocation at all when short).
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 {
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let range = index..<end
            guard let text = bytes.withUnsafeBufferPointer({ Self.string(validatingUTF8: UnsafeBufferPointer(rebasing: $0[range])) }) else {
                throw failure("string is not valid UTF-8", at: start)
            }
            index = end + 1
            return text
        }
        var utf8 = Array(bytes[index..<end])
        index = end
        while true {
            guard let byte = current else { throw failure("unterminated string", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = utf8.withUnsafeBufferPointer(Self.string(validatingUTF8:)) else {
                    throw failure("string is not valid UTF-8", at: start)
                }
                return text
            case UInt8(ascii: "\\"):
                index += 1
                try parseEscape(into: &utf8)
            case 0x00..<0x20:
                throw failure("control character in string")
            default:
                utf8.append(byte)
                index += 1
            }
        }
    }

    /// The string the bytes spell, or nil when they are not valid UTF-8. The standard
    /// library's `String(validating:as:)` is generic and, called from here, unspecialized:
    /// its run-time metadata lookups were 6% of a command's CPU. `String(decoding:)` over a
    /// buffer is specialized; it repairs instead of refusing, and a repair always changes
    /// the bytes (U+FFFD is valid, the sequence it replaces was not), so the copy equals the
    /// input exactly when the input was valid.
    static func string(validatingUTF8 buffer: UnsafeBufferPointer<UInt8>) -> String? {
        let text = String(decoding: buffer, as: UTF8.self)
        var ascii = true
        for byte in buffer where byte >= 0x80 {
            ascii = false
            break
        }
        if ascii || text.utf8.elementsEqual(buffer) { return text }
        return nil
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws(Failure) {
        guard let byte = current else { throw failure("unterminated escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): utf8.append(0x22)
        case UInt8(ascii: "\\"): utf8.append(0x5C)
        case UInt8(ascii: "/"): utf8.append(0x2F)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800..<0xDC00).contains(scalar) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw failure("unpaired surrogate in \\u escape")
                }
                index += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("invalid low surrogate in \\u escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw failure("unpaired surrogate in \\u escape")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw failure("invalid \\u escape") }
            utf8.append(contentsOf: UTF8.encode(unicode)!)
        default:
            throw failure("invalid escape '\\\(Unicode.Scalar(byte).escaped(asASCII: true))'", at: index - 1)
        }
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw failure("unterminated \\u escape") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("invalid hex digit in \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    mutating func parseNumber() throws(Failure) -> JSON {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, isDigit(first) else { throw failure("invalid number", at: start) }
        index += 1
        if first != UInt8(ascii: "0") {
            while let byte = current, isDigit(byte) { index += 1 }
        }
        let plain = current != UInt8(ascii: ".") && current != UInt8(ascii: "e") && current != UInt8(ascii: "E")
        if current == UInt8(ascii: ".") {
            index += 1
            guard let byte = current, isDigit(byte) else { throw failure("invalid number: digit expected after '.'", at: start) }
            while let byte = current, isDigit(byte) { index += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let byte = current, isDigit(byte) else { throw failure("invalid number: digit expected in exponent", at: start) }
            while let byte = current, isDigit(byte) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw failure("number out of range", at: start) }
        // Digits alone (no fraction, no exponent) always spell an integer.
        return plain ? .number(value) : Self.number(value, spelt: bytes[start..<index])
    }

    /// The number a literal with a fraction or an exponent spells, `value` being the double
    /// nearest to it. When that rounding made a literal that is not an integer into one
    /// (`1e-400` to 0, `2.00000000000000000001` to 2), an argument that must be an integer
    /// has to refuse it instead of reading 0 or 2. Below 2^52 the adjacent double on the
    /// literal's side stands in, which is not an integer either. From 2^52 up every double is
    /// an integer (adjacent ones 1 apart), so the number keeps `value`, marked `fractionLost`;
    /// from 2^53 up `intValue` refuses every number anyway.
    static func number(_ value: Double, spelt literal: ArraySlice<UInt8>) -> JSON {
        guard value == value.rounded(.towardZero), value.magnitude < 0x1p53,
              let truncated = integerPart(ofFractional: literal) else { return .number(value) }
        guard value.magnitude < 0x1p52 else { return .number(value, fractionLost: true) }
        // The literal lies strictly between `truncated` and the next integer away from zero.
        let awayFromZero = value.magnitude == Double(truncated)
        let negative = literal.first == UInt8(ascii: "-")
        return .number(awayFromZero == negative ? value.nextDown : value.nextUp)
    }

    /// The integer part (toward zero, without its sign) of a literal that is not an integer,
    /// or nil when the literal is one. Read from the literal's digits, not from a double, so
    /// a fraction too small for any double still counts.
    static func integerPart(ofFractional literal: ArraySlice<UInt8>) -> Int? {
        var digits: [UInt8] = []
        var point: Int?
        var exponent = 0
        var index = literal.startIndex
        while index < literal.endIndex {
            let byte = literal[index]
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                digits.append(byte - UInt8(ascii: "0"))
            } else if byte == UInt8(ascii: ".") {
                point = digits.count
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                let text = String(decoding: literal[(index + 1)...], as: UTF8.self).replacing("+", with: "")
                // An exponent past `Int` is as good as infinite: far left puts every digit in
                // the fraction, far right none.
                exponent = Int(text) ?? (text.hasPrefix("-") ? Int.min / 2 : Int.max / 2)
                break
            }
            index += 1
        }
        // Leading zeros (`0.000000000000000000001e22`) move the point, not the value: counted
        // from the first significant digit, the point of a literal below 2^53 falls within 16.
        let leadingZeros = digits.prefix { $0 == 0 }.count
        guard leadingZeros < digits.count else { return nil }  // zero
        // Where the decimal point falls in the significant digits once the exponent is applied.
        let (shift, overflowed) = ((point ?? digits.count) - leadingZeros).addingReportingOverflow(exponent)
        // A point further right than 18 digits would not fit `truncated`, and means the
        // literal is far past 2^53, where this is never asked.
        guard !overflowed, shift < 18 else { return nil }
        let significant = digits.dropFirst(leadingZeros)
        let whole = max(shift, 0)
        guard significant.dropFirst(whole).contains(where: { $0 != 0 }) else { return nil }  // an integer
        var truncated = 0
        for position in 0..<whole {
            let digitIndex = significant.startIndex + position
            truncated = truncated * 10 + Int(digitIndex < significant.endIndex ? significant[digitIndex] : 0)
        }
        return truncated
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
