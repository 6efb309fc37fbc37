import ChainModel

/// An image row as every engine reads it back: the columns, in order, and the checks a
/// stored row must pass before the server trusts it. The engines differ only in how they
/// read a column.
package enum StoredImageRow {
    /// `id, name, path, byte_size, width, height, format`, then one column per attribute,
    /// then the metadata's (`StoredMetadata.columns`).
    package static let columns = (["id", "name", "path", "byte_size", "width", "height", "format"]
        + Attribute.all.map(\.name) + StoredMetadata.columns.map(\.name)).joined(separator: ", ")
    package static let firstAttributeColumn = 7
    package static let firstMetadataColumn = firstAttributeColumn + Attribute.all.count
    /// The largest image id the in-memory mirror takes (its columns cost bytes per id).
    package static let maxImageID: Int64 = 100_000_000

    /// `id` as the mirror's id. The mirror holds a byte per attribute per id up to the
    /// largest id: one stray huge id would have it allocate terabytes, so it is refused
    /// here, by name.
    package static func checkedID(_ id: Int64) throws -> ImageID {
        guard id > 0, id <= maxImageID else {
            throw CatalogStoreError.corruptRow(id: id, reason: "image ids run from 1 to \(maxImageID)")
        }
        return ImageID(id)
    }

    /// The attribute values of row `id`, `code(offset)` reading the attribute column at
    /// `offset` from the first. The schema's CHECKs keep codes in range; a value outside it
    /// means damaged storage.
    package static func values(of id: Int64, code: (_ offset: Int) -> Int) throws -> AttributeValues {
        var values = AttributeValues()
        for (offset, attribute) in Attribute.all.enumerated() {
            let value = code(offset)
            guard value >= 0, value < attribute.valueCount else {
                throw CatalogStoreError.corruptRow(id: id, reason: "\(attribute.name) \(value) is outside its \(attribute.valueCount) values")
            }
            values[attribute] = UInt8(value)
        }
        return values
    }

    /// The image of one row; the closures read a column by its index in `columns`.
    package static func image(
        id: Int64, text: (Int) -> String?, optionalInt64: (Int) -> Int64?, optionalDouble: (Int) -> Double?,
        code: (_ offset: Int) -> Int
    ) throws -> Image {
        Image(
            id: ImageID(id),
            name: text(1) ?? "",
            values: try values(of: id, code: code),
            path: text(2),
            byteSize: optionalInt64(3),
            width: optionalInt64(4).map(Int.init),
            height: optionalInt64(5).map(Int.init),
            format: text(6),
            metadata: StoredMetadata.metadata(
                from: firstMetadataColumn, text: text, optionalInt64: optionalInt64, optionalDouble: optionalDouble)
        )
    }
}
