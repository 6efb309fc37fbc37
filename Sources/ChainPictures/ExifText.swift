import ChainModel

/// libvips's EXIF fields as text, read back into values.
///
/// libvips (through libexif) gives each EXIF entry as `VALUE (DESCRIPTION, FORMAT, N
/// components, M bytes)`: `28/5 (f/5.6, Rational, 1 components, 8 bytes)`, `Canon (Canon,
/// ASCII, 6 components, 6 bytes)`. VALUE is the entry's own value: a rational as
/// `numerator/denominator`, numbers separated by spaces, a string as written.
package enum ExifText {
    /// The VALUE part of a field's text; `nil` for text not in that shape.
    package static func value(_ text: String) -> String? {
        guard text.hasSuffix(" bytes)") else { return nil }
        // Drop ", FORMAT, N components, M bytes)" from the end: three commas back.
        var end = text.endIndex
        for _ in 0..<3 {
            guard let comma = text[..<end].ranges(of: ", ").last else { return nil }
            end = comma.lowerBound
        }
        let head = text[..<end]  // VALUE (DESCRIPTION
        let openings = head.ranges(of: " (")
        guard let first = openings.first else { return nil }
        // A string's description repeats it; a string may itself hold " (".
        for opening in openings where head[..<opening.lowerBound] == head[opening.upperBound...] {
            return String(head[..<opening.lowerBound])
        }
        return String(head[..<first.lowerBound])
    }

    /// A string entry's value, trimmed; `nil` when blank.
    package static func string(_ text: String?) -> String? {
        text.flatMap(value).flatMap(Camera.cleaned)
    }

    /// The first number of an entry's value: a rational's quotient or an integer.
    package static func number(_ text: String?) -> Double? {
        guard let first = text.flatMap(value)?.split(separator: " ").first else { return nil }
        if let (numerator, denominator) = rational(first) {
            return denominator == 0 ? nil : Double(numerator) / Double(denominator)
        }
        return Double(first)
    }

    /// The first rational of an entry's value as its two integers.
    package static func rational(_ text: String?) -> (numerator: Int, denominator: Int)? {
        guard let first = text.flatMap(value)?.split(separator: " ").first else { return nil }
        return rational(first)
    }

    private static func rational(_ text: Substring) -> (numerator: Int, denominator: Int)? {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let numerator = Int(parts[0]), let denominator = Int(parts[1]) else { return nil }
        return (numerator, denominator)
    }
}
