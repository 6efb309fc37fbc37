/// Where an import stands; reported while it runs and summed up in `ImportSummary`.
struct ImportProgress: Equatable, Sendable {
    /// Files with an image extension looked at so far.
    var scanned = 0
    /// Images new to the catalog.
    var added = 0
    /// Images whose path the catalog already held.
    var alreadyPresent = 0
    /// Image files that could not be read.
    var skipped = 0
    /// Files with other extensions, passed over.
    var ignored = 0
    /// New images whose 256-pixel thumbnail was made at import.
    var thumbnails = 0
    /// New images whose picture the thumbnailer could not read (they are still imported).
    var unreadablePictures = 0

    /// One status line without control characters. A terminal front end rewrites it in
    /// place (`"\r" + line + "\u{1B}[K"`); the store itself never prints.
    var progressLine: String {
        "Importing: \(scanned) scanned, \(added) added, \(alreadyPresent) already present, \(skipped) skipped"
    }
}
