import ChainSupport

/// Minimal image files built byte by byte: just the headers a reader needs, with known sizes.
package enum ImageFixtures {
    package static func jpeg(width: Int, height: Int, frameMarker: UInt8 = 0xC0, metadataBytes: Int = 0) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += segment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
        var metadata = metadataBytes
        while metadata > 0 {  // EXIF-like APP1 segments, each at most 64 KiB
            let chunk = min(metadata, 65_000)
            bytes += segment(0xE1, [UInt8](repeating: 0x45, count: chunk))
            metadata -= chunk
        }
        bytes += segment(0xDB, [UInt8](repeating: 1, count: 65))  // DQT
        bytes += segment(0xC4, [UInt8](repeating: 0, count: 29))  // DHT: in the SOF range, not one
        bytes += [0xFF, 0xFF]  // fill bytes are allowed before a marker
        bytes += segment(frameMarker, [8] + be16(height) + be16(width) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
        bytes += segment(0xDA, [3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3F, 0])
        return bytes + [0x12, 0x34, 0xFF, 0xD9]
    }

    package static func png(width: Int, height: Int) -> [UInt8] {
        [0x89] + Array("PNG\r\n".utf8) + [0x1A, 0x0A]
            + be32(13) + Array("IHDR".utf8) + be32(width) + be32(height) + [8, 2, 0, 0, 0] + [0, 0, 0, 0]
            + be32(0) + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
    }

    /// A TIFF whose first IFD holds ImageWidth/ImageLength as SHORT or LONG.
    package static func tiff(width: Int, height: Int, littleEndian: Bool, long: Bool = false) -> [UInt8] {
        let type: UInt16 = long ? 4 : 3
        return tiffFile(littleEndian: littleEndian, directories: [[
            (0x0100, type, 1, UInt32(width)), (0x0101, type, 1, UInt32(height)), (0x0102, 3, 1, 8),
        ]])
    }

    /// A DNG/NEF-like raw: a reduced-resolution thumbnail first, the full image in a SubIFD.
    package static func rawWithThumbnail(width: Int, height: Int, littleEndian: Bool, subIFDOffset: UInt32? = nil) -> [UInt8] {
        // Header (8) + IFD0 (2 + 4 × 12 + 4 = 54): the sub-IFD starts at 62.
        tiffFile(littleEndian: littleEndian, directories: [
            [(0x00FE, 4, 1, 1), (0x0100, 3, 1, 256), (0x0101, 3, 1, 171), (0x014A, 4, 1, subIFDOffset ?? 62)],
            [(0x00FE, 4, 1, 0), (0x0100, 4, 1, UInt32(width)), (0x0101, 4, 1, UInt32(height))],
        ])
    }

    /// Directories laid out one after another from offset 8; only the first is chained.
    package typealias TIFFEntry = (tag: UInt16, type: UInt16, count: UInt32, value: UInt32)

    package static func tiffFile(littleEndian: Bool, directories: [[TIFFEntry]]) -> [UInt8] {
        func u16(_ value: UInt16) -> [UInt8] {
            littleEndian ? [UInt8(value & 0xFF), UInt8(value >> 8)] : [UInt8(value >> 8), UInt8(value & 0xFF)]
        }
        func u32(_ value: UInt32) -> [UInt8] {
            let big = [24, 16, 8, 0].map { UInt8((value >> UInt32($0)) & 0xFF) }
            return littleEndian ? big.reversed() : big
        }
        var bytes: [UInt8] = (littleEndian ? Array("II".utf8) : Array("MM".utf8)) + u16(42) + u32(8)
        for entries in directories {
            bytes += u16(UInt16(entries.count))
            for entry in entries {
                // SHORT values sit left-justified in the 4-byte value field, in either byte order.
                let value = entry.type == 3 ? u16(UInt16(entry.value)) + [0, 0] : u32(entry.value)
                bytes += u16(entry.tag) + u16(entry.type) + u32(entry.count) + value
            }
            bytes += u32(0)
        }
        return bytes
    }

    /// A HEIF with a primary item (id 1) and a second, larger item (id 2), so only following
    /// `pitm` and `ipma` gives the primary item's size.
    package static func heic(width: Int, height: Int) -> [UInt8] {
        let ftyp = box("ftyp", Array("heic".utf8) + be32(0) + Array("mif1heic".utf8))
        let hdlr = box("hdlr", [0, 0, 0, 0] + be32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
        let pitm = box("pitm", [0, 0, 0, 0] + be16(1))
        let ipco = box("ipco",
            box("hvcC", [1, 2, 3, 4])
            + box("ispe", [0, 0, 0, 0] + be32(width) + be32(height))
            + box("ispe", [0, 0, 0, 0] + be32(width * 2) + be32(height * 2)))
        let ipma = box("ipma", [0, 0, 0, 0] + be32(2) + be16(2) + [2, 0x81, 0x03] + be16(1) + [2, 0x81, 0x02])
        let meta = box("meta", [0, 0, 0, 0] + hdlr + pitm + box("iprp", ipco + ipma))
        return ftyp + meta + box("mdat", [UInt8](repeating: 0xAB, count: 32))
    }

    package static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        be32(payload.count + 8) + Array(type.utf8) + payload
    }

    package static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker] + be16(payload.count + 2) + payload
    }

    package static func be16(_ value: Int) -> [UInt8] { [UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)] }
    package static func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
}
