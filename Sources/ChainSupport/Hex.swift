/// Lowercase hexadecimal, two digits a byte.
package enum Hex {
    package static func byte(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    package static func string(_ bytes: some Sequence<UInt8>) -> String { bytes.map(byte).joined() }
}
