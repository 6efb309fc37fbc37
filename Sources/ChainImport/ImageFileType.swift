/// The kinds of file the importer takes, recognised by extension (case-insensitive).
package enum ImageFileType: String, Sendable, CaseIterable {
    case jpeg, png, heic, heif, tiff, raw

    /// Camera raw formats. All but CR3 and RAF are TIFF-based; those two report no size.
    package static let rawExtensions: Set<String> = [
        "dng", "cr2", "cr3", "nef", "arw", "orf", "rw2", "raf", "pef", "srw",
    ]

    /// `nil` for extensions the catalog does not hold (sidecars, videos, documents …).
    package init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "jpg", "jpeg": self = .jpeg
        case "png": self = .png
        case "heic": self = .heic
        case "heif": self = .heif
        case "tif", "tiff": self = .tiff
        case let other where Self.rawExtensions.contains(other): self = .raw
        default: return nil
        }
    }

    /// The value of the catalog's `format` column.
    package var format: String { rawValue }
}
