/// What an import did, once it is over.
package struct ImportSummary: Equatable, Sendable {
    package var scanned: Int
    package var added: Int
    package var alreadyPresent: Int
    package var skipped: Int
    package var ignored: Int
    package var thumbnails: Int
    package var unreadablePictures: Int
    package var formats: [String: Int]
    package var skippedReasons: [String: Int]
    package var sidecars: Int
    package var unreadableSidecars: Int
    package var elapsed: Duration

    package init(_ progress: ImportProgress, elapsed: Duration) {
        scanned = progress.scanned
        added = progress.added
        alreadyPresent = progress.alreadyPresent
        skipped = progress.skipped
        ignored = progress.ignored
        thumbnails = progress.thumbnails
        unreadablePictures = progress.unreadablePictures
        formats = progress.formats
        skippedReasons = progress.skippedReasons
        sidecars = progress.sidecars
        unreadableSidecars = progress.unreadableSidecars
        self.elapsed = elapsed
    }

    /// The closing line of `chain-server import`, e.g.
    /// `Imported 120 new images from 130 files in 1.4 s (8 already present, 2 unreadable, 5 other files ignored)`.
    package var summaryLine: String {
        let noun = added == 1 ? "image" : "images"
        let files = scanned == 1 ? "file" : "files"
        let pictures = thumbnails + unreadablePictures == 0 ? ""
            : "; \(thumbnails) thumbnails made, \(unreadablePictures) pictures the thumbnailer could not read"
        let sidecarNote = sidecars + unreadableSidecars == 0 ? ""
            : "; values from \(sidecars) XMP sidecars, \(unreadableSidecars) sidecars unreadable"
        return "Imported \(added) new \(noun) from \(scanned) \(files) in \(Self.seconds(elapsed)) "
            + "(\(alreadyPresent) already present, \(skipped) unreadable, \(ignored) other files ignored\(pictures)\(sidecarNote))"
    }

    /// The files read by format, most first: `Formats: jpeg 20, dng 3, webp 1`; `nil` when none.
    package var formatsLine: String? {
        formats.isEmpty ? nil : "Formats: " + Self.counted(formats)
    }

    /// The files skipped by reason: `Skipped: libraw: Unsupported file format or not RAW file 1`.
    package var skippedLine: String? {
        skippedReasons.isEmpty ? nil : "Skipped: " + Self.counted(skippedReasons)
    }

    /// Every line `chain-server import` prints at its end.
    package var lines: [String] {
        [summaryLine] + [formatsLine, skippedLine].compactMap { $0 }
    }

    private static func counted(_ counts: [String: Int]) -> String {
        counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }

    /// Seconds with one decimal: enough for a human, stable for tests.
    package static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = max(0, seconds * 10 + attoseconds / 100_000_000_000_000_000)
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
