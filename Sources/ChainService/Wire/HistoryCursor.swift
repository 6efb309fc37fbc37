/// The opaque cursor of a history page: `h` and the last entry's serial in base 36. Clients
/// hand it back as `after`; its spelling may change.
package enum HistoryCursor {
    package static func text(_ serial: Int64) -> String { "h" + String(serial, radix: 36) }

    /// The serial `text` names, or `nil` when it is no cursor this server gave.
    package static func serial(_ text: String) -> Int64? {
        guard text.count <= 14, text.first == "h", let serial = Int64(text.dropFirst(), radix: 36), serial > 0,
            self.text(serial) == text
        else { return nil }
        return serial
    }
}
