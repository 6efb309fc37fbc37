import ChainModel

/// Some attribute values of one image as one small integer, for the history's rows: byte
/// `slot` holds the attribute's code plus one, `0` where the attribute is not given. A rating
/// change alone is a one-byte integer in SQLite's record format.
package enum HistoryValues {
    package static func pack(_ values: AttributeValues) -> Int64 {
        var packed: Int64 = 0
        for attribute in Attribute.all {
            if let code = values[attribute] { packed |= (Int64(code) + 1) << (8 * Int64(attribute.slot)) }
        }
        return packed
    }

    package static func unpack(_ packed: Int64) -> AttributeValues {
        var values = AttributeValues()
        for attribute in Attribute.all {
            let byte = UInt8(truncatingIfNeeded: packed >> (8 * Int64(attribute.slot)))
            if byte != 0 { values[attribute] = byte - 1 }
        }
        return values
    }

    /// `packed` with `attribute` set to `code`.
    @inline(__always)
    static func setting(_ attribute: Attribute, _ code: UInt8, in packed: Int64) -> Int64 {
        let shift = 8 * Int64(attribute.slot)
        return packed & ~(0xFF << shift) | (Int64(code) + 1) << shift
    }

    /// Keeps, of `before` and `after`, only the attributes whose values differ.
    @inline(__always)
    static func differing(_ before: Int64, _ after: Int64) -> (before: Int64, after: Int64) {
        var mask: Int64 = 0
        for attribute in Attribute.all {
            let byte: Int64 = 0xFF << (8 * Int64(attribute.slot))
            if before & byte != after & byte { mask |= byte }
        }
        return (before & mask, after & mask)
    }

    /// Whether `packed` gives `attribute` a value.
    package static func sets(_ packed: Int64, _ attribute: Attribute) -> Bool {
        packed >> (8 * Int64(attribute.slot)) & 0xFF != 0
    }
}
