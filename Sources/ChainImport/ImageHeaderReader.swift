import Foundation

/// Reads pixel dimensions from the first bytes of an image file, without decoding it.
///
/// The format is recognised by its magic bytes, not its extension. Dimensions are the stored
/// ones (before any EXIF or `irot` rotation). Anything malformed, truncated, or placed beyond
/// the first `headerLimit` bytes gives `nil`: dimensions are a nicety of the catalog, never a
/// reason to fail an import.
package enum ImageHeaderReader {
    package struct Dimensions: Equatable, Sendable {
        package var width: Int
        package var height: Int

        /// `nil` unless both sides are positive and fit a 32-bit signed integer.
        package init?(width: some BinaryInteger, height: some BinaryInteger) {
            guard width > 0, height > 0, width <= Int32.max, height <= Int32.max else { return nil }
            self.width = Int(width)
            self.height = Int(height)
        }
    }

    /// How much of each file is read. Enough for the headers of every supported format as
    /// cameras write them; a JPEG whose frame header follows more than this much metadata
    /// reports no dimensions.
    package static let headerLimit = 64 * 1024

    /// The first `headerLimit` bytes of the file (fewer when it is shorter) and its full size.
    /// Throws when the file cannot be opened or read, which the importer counts as skipped.
    package static func readHeader(ofFileAt path: String) throws -> (bytes: [UInt8], fileSize: Int64) {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }  // read-only: closing cannot lose anything
        let bytes = [UInt8](try handle.read(upToCount: headerLimit) ?? Data())
        // The size of what was opened, so a symbolic link reports its target's size.
        let fileSize = try handle.seekToEnd()
        return (bytes, Int64(clamping: fileSize))
    }

    /// The file's dimensions, or `nil` when unreadable or not given by its header.
    package static func dimensions(ofFileAt path: String) -> Dimensions? {
        (try? readHeader(ofFileAt: path)).flatMap { dimensions(in: $0.bytes) }
    }

    package static func dimensions(in header: [UInt8]) -> Dimensions? {
        let bytes = HeaderBytes(header)
        if bytes.u8(at: 0) == 0xFF, bytes.u8(at: 1) == 0xD8 {
            return jpegDimensions(bytes)
        }
        if bytes.u8(at: 0) == 0x89, bytes.matches("PNG\r\n\u{1A}\n", at: 1) {
            return pngDimensions(bytes)
        }
        if bytes.matches("II", at: 0) || bytes.matches("MM", at: 0) {
            return tiffDimensions(bytes)
        }
        if bytes.matches("ftyp", at: 4) {
            return isoMediaDimensions(bytes)
        }
        return nil
    }

    // MARK: JPEG

    /// Walks the marker segments to the first SOFn frame header, which holds the size.
    package static func jpegDimensions(_ bytes: HeaderBytes) -> Dimensions? {
        var offset = 2
        // Every pass moves `offset` forward by at least two bytes, and reads past the end are
        // nil, so the walk ends on any input.
        while true {
            guard bytes.u8(at: offset) == 0xFF else { return nil }
            offset += 1
            while bytes.u8(at: offset) == 0xFF { offset += 1 }  // fill bytes before a marker
            guard let marker = bytes.u8(at: offset) else { return nil }
            offset += 1
            switch marker {
            case 0x01, 0xD0...0xD8:
                continue  // markers without a segment
            case 0xD9, 0xDA:
                return nil  // end of image, or scan data, before any frame header
            default:
                break
            }
            guard let length = bytes.u16(at: offset), length >= 2 else { return nil }
            if isStartOfFrame(marker) {
                // Segment: length(2) precision(1) height(2) width(2) …; height 0 means "given
                // later by a DNL marker", which we do not chase.
                guard let height = bytes.u16(at: offset + 3), let width = bytes.u16(at: offset + 5) else { return nil }
                return Dimensions(width: width, height: height)
            }
            offset += Int(length)
        }
    }

    /// SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    private static func isStartOfFrame(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }

    // MARK: PNG

    /// Reads IHDR, which the format requires to be the first chunk; Apple's `CgBI` variant puts
    /// one chunk before it, so a few leading chunks are skipped.
    package static func pngDimensions(_ bytes: HeaderBytes) -> Dimensions? {
        var offset = 8
        for _ in 0..<4 {
            guard let length = bytes.u32(at: offset) else { return nil }
            if bytes.matches("IHDR", at: offset + 4) {
                guard length >= 8, let width = bytes.u32(at: offset + 8), let height = bytes.u32(at: offset + 12) else {
                    return nil
                }
                return Dimensions(width: width, height: height)
            }
            offset += 12 + Int(length)  // length, type, data, CRC
        }
        return nil
    }
}
