import ChainPictures

/// The kinds of file the importer takes, recognised by extension (case-insensitive): what
/// libvips reads (JPEG, PNG, TIFF, WebP, HEIF/HEIC) and camera raws, which libraw reads.
package enum ImageFileType: String, Sendable, CaseIterable {
    case jpeg, png, tiff, webp, heic, heif, raw

    /// `nil` for extensions the catalog does not hold (sidecars, videos, documents …).
    package init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "jpg", "jpeg": self = .jpeg
        case "png": self = .png
        case "tif", "tiff": self = .tiff
        case "webp": self = .webp
        case "heic": self = .heic
        case "heif", "hif": self = .heif
        case let other where CameraRaw.extensions.contains(other): self = .raw
        default: return nil
        }
    }

    /// The value of the catalog's `format` column.
    package var format: String { rawValue }

    /// The name the import summary counts a file under: its format, or for a raw its
    /// extension (`dng`, `nef`, `cr3` …), since raw formats differ as much as the others do.
    package static func countedFormat(pathExtension: String) -> String? {
        guard let type = ImageFileType(pathExtension: pathExtension) else { return nil }
        return type == .raw ? pathExtension.lowercased() : type.format
    }
}
