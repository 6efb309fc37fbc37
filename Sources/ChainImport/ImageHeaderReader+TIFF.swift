extension ImageHeaderReader {
    /// Dimensions from a TIFF or TIFF-based raw (DNG, CR2, NEF, ARW, ORF, RW2, PEF, SRW).
    ///
    /// The first IFD is read. When it declares itself a reduced-resolution image
    /// (NewSubfileType bit 0, as the thumbnail in front of NEF, DNG and ARW raws does), its
    /// SubIFDs are searched for the largest full-resolution image instead, and `nil` is
    /// returned if none lies within the header: a thumbnail's size would be wrong, not just
    /// imprecise. A first IFD without NewSubfileType counts as the main image (CR2 puts a
    /// full-size preview there, which has the photo's size). Panasonic RW2 gives its sensor
    /// size in its own tags. BigTIFF is not read.
    package static func tiffDimensions(_ bytes: HeaderBytes) -> Dimensions? {
        let littleEndian = bytes.matches("II", at: 0)
        guard let magic = bytes.u16(at: 2, littleEndian: littleEndian),
              [42, 0x4F52, 0x5352, 0x55].contains(magic),  // TIFF, Olympus "RO"/"RS", Panasonic
              let firstOffset = bytes.u32(at: 4, littleEndian: littleEndian),
              let first = TIFFDirectory(bytes, at: Int(firstOffset), littleEndian: littleEndian)
        else { return nil }

        if !first.isReducedResolution, let dimensions = first.dimensions {
            return dimensions
        }
        let fullSize = first.subDirectoryOffsets
            .compactMap { TIFFDirectory(bytes, at: $0, littleEndian: littleEndian) }
            .filter { !$0.isReducedResolution }
            .compactMap(\.dimensions)
            .max { $0.width * $0.height < $1.width * $1.height }
        guard fullSize == nil, magic == 0x55, !first.isReducedResolution else { return fullSize }
        return first.panasonicSensorSize
    }
}

/// The few entries of one TIFF image file directory that carry the image's size.
private struct TIFFDirectory {
    private static let maxEntries = 1024
    private static let maxSubDirectories = 16

    var width: Int?
    var height: Int?
    var newSubfileType: UInt32?
    var subDirectoryOffsets: [Int] = []
    var sensorWidth: Int?
    var sensorHeight: Int?

    init?(_ bytes: HeaderBytes, at offset: Int, littleEndian: Bool) {
        guard let count = bytes.u16(at: offset, littleEndian: littleEndian),
              count > 0, Int(count) <= Self.maxEntries
        else { return nil }
        for index in 0..<Int(count) {
            let entry = offset + 2 + index * 12
            guard let tag = bytes.u16(at: entry, littleEndian: littleEndian),
                  let type = bytes.u16(at: entry + 2, littleEndian: littleEndian),
                  let valueCount = bytes.u32(at: entry + 4, littleEndian: littleEndian)
            else { break }  // a truncated directory still yields the entries read so far
            let value = Self.integer(bytes, at: entry + 8, type: type, littleEndian: littleEndian)
            switch tag {
            case 0x0002: sensorWidth = value
            case 0x0003: sensorHeight = value
            case 0x00FE: newSubfileType = value.map { UInt32(truncatingIfNeeded: $0) }
            case 0x0100: width = value
            case 0x0101: height = value
            case 0x014A:
                subDirectoryOffsets = Self.offsets(
                    bytes, entry: entry, type: type, count: Int(valueCount), littleEndian: littleEndian
                )
            default: break
            }
        }
    }

    var isReducedResolution: Bool { (newSubfileType ?? 0) & 1 != 0 }

    var dimensions: ImageHeaderReader.Dimensions? {
        guard let width, let height else { return nil }
        return ImageHeaderReader.Dimensions(width: width, height: height)
    }

    /// RW2 keeps no ImageWidth/ImageLength in its first IFD, only SensorWidth/SensorHeight.
    var panasonicSensorSize: ImageHeaderReader.Dimensions? {
        guard let sensorWidth, let sensorHeight else { return nil }
        return ImageHeaderReader.Dimensions(width: sensorWidth, height: sensorHeight)
    }

    /// A SHORT or LONG held in the entry's value field (left-justified, so at its start in
    /// either byte order); other types carry no size.
    private static func integer(_ bytes: HeaderBytes, at offset: Int, type: UInt16, littleEndian: Bool) -> Int? {
        switch type {
        case 3: bytes.u16(at: offset, littleEndian: littleEndian).map(Int.init)
        case 4, 13: bytes.u32(at: offset, littleEndian: littleEndian).map(Int.init)
        default: nil
        }
    }

    /// SubIFD offsets: inline when there is one, otherwise in an array the value points to.
    private static func offsets(_ bytes: HeaderBytes, entry: Int, type: UInt16, count: Int, littleEndian: Bool) -> [Int] {
        guard type == 4 || type == 13, count > 0 else { return [] }
        guard count > 1 else {
            return bytes.u32(at: entry + 8, littleEndian: littleEndian).map { [Int($0)] } ?? []
        }
        guard let array = bytes.u32(at: entry + 8, littleEndian: littleEndian) else { return [] }
        return (0..<min(count, maxSubDirectories)).compactMap { index in
            bytes.u32(at: Int(array) + index * 4, littleEndian: littleEndian).map(Int.init)
        }
    }
}
