extension ImageHeaderReader {
    /// Dimensions from an ISO base media file with HEIF image items (HEIC, HEIF, AVIF): the
    /// `ispe` property of the primary item, found through `meta` → `pitm`, `iprp` → `ipco`
    /// and `ipma` (for a grid image, the grid's own `ispe`: the full picture). Without `pitm`
    /// or `ipma`, only a single `ispe` is trusted. CR3 and other ISO media without image
    /// items give `nil`.
    package static func isoMediaDimensions(_ bytes: HeaderBytes) -> Dimensions? {
        guard let meta = ISOBox.children(of: bytes, in: 0..<bytes.count).first(where: { $0.type == "meta" }) else {
            return nil
        }
        // `meta` is a full box: version and flags come before its children.
        let metaChildren = ISOBox.children(of: bytes, in: meta.payload.dropFirst(4))
        guard let properties = metaChildren.first(where: { $0.type == "iprp" }) else { return nil }
        let propertyBoxes = ISOBox.children(of: bytes, in: properties.payload)
        guard let container = propertyBoxes.first(where: { $0.type == "ipco" }) else { return nil }

        // Property indexes in `ipma` are 1-based positions among the children of `ipco`.
        var sizes: [Int: Dimensions] = [:]
        for (index, property) in ISOBox.children(of: bytes, in: container.payload).enumerated() where property.type == "ispe" {
            let ispe = bytes.slice(property.payload)
            // Full box: version and flags, then width and height.
            if let width = ispe.u32(at: 4), let height = ispe.u32(at: 8),
               let size = Dimensions(width: width, height: height) {
                sizes[index + 1] = size
            }
        }
        if let primary = metaChildren.first(where: { $0.type == "pitm" }).flatMap({ primaryItem(bytes.slice($0.payload)) }),
           let associations = propertyBoxes.first(where: { $0.type == "ipma" }) {
            return associatedProperties(bytes.slice(associations.payload), item: primary).lazy.compactMap { sizes[$0] }.first
        }
        // Without the associations, a lone size is unambiguous; among several (thumbnails,
        // tiles, auxiliary images) guessing could be wrong, and nil is better than wrong.
        return sizes.count == 1 ? sizes.values.first : nil
    }

    /// The item id in a `pitm` payload.
    private static func primaryItem(_ payload: HeaderBytes) -> UInt32? {
        guard let version = payload.u8(at: 0) else { return nil }
        return version == 0 ? payload.u16(at: 4).map(UInt32.init) : payload.u32(at: 4)
    }

    /// The property indexes an `ipma` payload associates with `item`.
    private static func associatedProperties(_ bytes: HeaderBytes, item: UInt32) -> [Int] {
        var offset = 0
        guard let version = bytes.u8(at: offset), let flags = bytes.u8(at: offset + 3),
              let entryCount = bytes.u32(at: offset + 4)
        else { return [] }
        offset += 8
        let wideIDs = version >= 1
        let wideIndexes = flags & 1 != 0
        // Each entry takes at least three bytes, which bounds the loop by the header size too.
        for _ in 0..<min(Int(entryCount), bytes.count / 3) {
            let id = wideIDs ? bytes.u32(at: offset) : bytes.u16(at: offset).map(UInt32.init)
            offset += wideIDs ? 4 : 2
            guard let id, let count = bytes.u8(at: offset) else { return [] }
            offset += 1
            var indexes: [Int] = []
            for _ in 0..<Int(count) {
                // The top bit marks the property essential; the rest is its index.
                if wideIndexes {
                    guard let value = bytes.u16(at: offset) else { return [] }
                    indexes.append(Int(value & 0x7FFF))
                    offset += 2
                } else {
                    guard let value = bytes.u8(at: offset) else { return [] }
                    indexes.append(Int(value & 0x7F))
                    offset += 1
                }
            }
            if id == item { return indexes }
        }
        return []
    }
}

/// One box of an ISO base media file: its four-character type and where its payload lies.
private struct ISOBox {
    private static let maxBoxesPerLevel = 4096

    var type: String
    var payload: Range<Int>

    /// The boxes laid end to end in `range`. A box running past the end of the header is cut
    /// to what is present, so a truncated file still yields what it has.
    static func children(of bytes: HeaderBytes, in range: Range<Int>) -> [ISOBox] {
        var boxes: [ISOBox] = []
        var offset = range.lowerBound
        let end = min(range.upperBound, bytes.count)
        while boxes.count < maxBoxesPerLevel, offset < end, let size32 = bytes.u32(at: offset),
              bytes.contains(offset + 4, length: 4) {
            let type = String(decoding: bytes.bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            var headerLength = 8
            var size: UInt64 = UInt64(size32)
            if size32 == 1 {
                guard let large = bytes.u64(at: offset + 8) else { break }
                size = large
                headerLength = 16
            } else if size32 == 0 {
                size = UInt64(end - offset)  // "to the end of the file"
            }
            guard size >= UInt64(headerLength) else { break }
            let boxEnd = size > UInt64(end - offset) ? end : offset + Int(size)
            guard offset + headerLength <= boxEnd else { break }
            boxes.append(ISOBox(type: type, payload: (offset + headerLength)..<boxEnd))
            offset = boxEnd
        }
        return boxes
    }
}
