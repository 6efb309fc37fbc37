/// The opaque cursor of a history page: `h` and the last entry's serial in base 36, lowercase,
/// no leading zero, at most 12 digits (`^h[1-9a-z][0-9a-z]{0,11}$`, every one of which names
/// a serial). Clients hand it back as `after`; its spelling may change.
package enum HistoryCursor {
    package static func text(_ serial: Int64) -> String { "h" + String(serial, radix: 36) }

    /// The serial `text` names, or `nil` when it is not of the cursor's form.
    package static func serial(_ text: String) -> Int64? {
        let utf8 = Array(text.utf8)
        guard (2...13).contains(utf8.count), utf8[0] == UInt8(ascii: "h"), utf8[1] != UInt8(ascii: "0"),
            utf8.dropFirst().allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) })
        else { return nil }
        return Int64(text.dropFirst(), radix: 36)
    }
}
