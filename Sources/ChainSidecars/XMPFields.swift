import Foundation
import ChainModel

/// How the catalog's values read in XMP, as darktable and Lightroom read them:
/// - `xmp:Rating`: the stars, `-1` for a reject (darktable's and Lightroom's reject);
/// - `xmp:Label`: the label's name (`Red` … `Purple`), absent for none;
/// - `chainserver:Flag`: `pick` or `reject`, absent for none (XMP has no pick), and
///   `chainserver:Rating`: the stars of a reject, which `xmp:Rating` cannot hold.
/// Pure: `XMPPacket` carries the strings in and out.
struct XMPFields: Equatable {
    var rating: String?
    var label: String?
    var flag: String?
    var rejectedRating: String?

    static let namespace = "http://ns.chainserver.dev/xmp/1.0/"
    static let prefix = "chainserver"

    /// The names labels take in XMP, in `ColorLabel` order from `red`.
    static let labelNames = ["Red", "Yellow", "Green", "Blue", "Purple"]

    /// The fields that record `values`; attributes `values` lacks are left out (`nil`).
    init(_ values: AttributeValues) {
        let flag = values[Flag.self]
        if let stars = values[Rating.self] {
            rating = flag == .reject ? "-1" : String(stars.value)
            rejectedRating = flag == .reject ? String(stars.value) : nil
        }
        if let label = values[ColorLabel.self] {
            label == ColorLabel.none ? (self.label = "") : (self.label = Self.labelNames[Int(label.code) - 1])
        }
        if let flag { self.flag = flag == Flag.none ? "" : (flag == .pick ? "pick" : "reject") }
    }

    init(rating: String?, label: String?, flag: String?, rejectedRating: String?) {
        self.rating = rating
        self.label = label
        self.flag = flag
        self.rejectedRating = rejectedRating
    }

    /// The values these fields record, or `nil` when they record none. Unreadable fields
    /// (a rating of 9, a label of `Magenta`) are ignored rather than guessed.
    var values: AttributeValues? {
        var values = AttributeValues()
        let xmpRating = rating.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        if let xmpRating, let stars = Rating(xmpRating) { values[Rating.self] = stars }
        if xmpRating == -1 {
            values[Flag.self] = .reject
            values[Rating.self] = rejectedRating.flatMap { Int($0) }.flatMap(Rating.init) ?? Rating.none
        }
        if let label = label?.trimmingCharacters(in: .whitespaces) {
            if let index = Self.labelNames.firstIndex(where: { $0.caseInsensitiveCompare(label) == .orderedSame }) {
                values[ColorLabel.self] = ColorLabel(uncheckedCode: UInt8(index + 1))
            } else if label.isEmpty {
                values[ColorLabel.self] = ColorLabel.none
            }
        }
        switch flag?.lowercased() {
        case "pick": values[Flag.self] = .pick
        case "reject": values[Flag.self] = .reject
        case "": values[Flag.self] = Flag.none
        default: break
        }
        return values.isEmpty ? nil : values
    }
}
