/// Where an import stands; reported while it runs and summed up in `ImportSummary`.
package struct ImportProgress: Equatable, Sendable {
    /// Files with an image extension looked at so far.
    package var scanned = 0
    /// Images new to the catalog.
    package var added = 0
    /// Images whose path the catalog already held.
    package var alreadyPresent = 0
    /// Image files that could not be read (their reasons in `skippedReasons`).
    package var skipped = 0
    /// Files with other extensions, passed over.
    package var ignored = 0
    /// New images whose 256-pixel thumbnail was made at import.
    package var thumbnails = 0
    /// New images whose picture the thumbnailer could not read (they are still imported).
    package var unreadablePictures = 0
    /// Files read, by format (`jpeg`, `webp`, `heic`, and raws by extension: `dng`, `nef` …).
    package var formats: [String: Int] = [:]
    /// Files skipped, by why the library reading them gave up.
    package var skippedReasons: [String: Int] = [:]
    /// Files whose XMP sidecar gave the image its rating, label or flag.
    package var sidecars = 0
    /// Sidecars that could not be read (the image is still imported, with default values).
    package var unreadableSidecars = 0

    package init(
        scanned: Int = 0, added: Int = 0, alreadyPresent: Int = 0, skipped: Int = 0, ignored: Int = 0,
        thumbnails: Int = 0, unreadablePictures: Int = 0, formats: [String: Int] = [:], skippedReasons: [String: Int] = [:]
    ) {
        self.scanned = scanned
        self.added = added
        self.alreadyPresent = alreadyPresent
        self.skipped = skipped
        self.ignored = ignored
        self.thumbnails = thumbnails
        self.unreadablePictures = unreadablePictures
        self.formats = formats
        self.skippedReasons = skippedReasons
    }

    /// One status line without control characters. A terminal front end rewrites it in
    /// place (`"\r" + line + "\u{1B}[K"`); the store itself never prints.
    package var progressLine: String {
        "Importing: \(scanned) scanned, \(added) added, \(alreadyPresent) already present, \(skipped) skipped"
    }
}
