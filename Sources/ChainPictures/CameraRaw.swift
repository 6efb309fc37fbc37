/// Camera raw files, told by their extension: read through libraw, never libvips (which
/// would take a TIFF-based raw's sensor mosaic for the picture).
package enum CameraRaw {
    /// Lower-case extensions of the raw formats libraw reads that the catalog takes.
    package static let extensions: Set<String> = [
        "dng", "cr2", "cr3", "crw", "nef", "nrw", "arw", "srf", "sr2", "raf", "orf", "rw2", "pef", "srw", "3fr",
        "iiq", "x3f", "raw",
    ]

    /// Whether the file at `path` is a camera raw, by its extension.
    package static func isRaw(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return extensions.contains(path[path.index(after: dot)...].lowercased())
    }
}
