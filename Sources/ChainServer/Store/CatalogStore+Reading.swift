import ChainModel

extension CatalogStore {
    private static let imageColumns = "id, name, rating, path, byte_size, width, height, format"

    /// Every image's rating in id order: what the server loads into its in-memory mirror.
    func allRatings() throws -> [(id: ImageID, rating: Rating)] {
        try readers.read { connection in
            let statement = try connection.cachedStatement("SELECT id, rating FROM images ORDER BY id")
            return try statement.rows { row in
                let id = row.int64(at: 0)
                return (ImageID(id), try Self.rating(row.int(at: 1), of: id))
            }
        }
    }

    /// One page of images in id order: those after `after` (from the start when `nil`) rated
    /// at least `minRating`, at most `limit` of them. The last id of a page is the next
    /// page's `after`, which keeps pages stable while other images change.
    func images(after: ImageID?, limit: Int, minRating: Rating?) throws -> [Image] {
        guard limit > 0 else { return [] }
        return try readers.read { connection in
            // Both plans walk the rowid from `after` and stop after `limit` rows: no sort, so a
            // page costs about `limit` rows (divided by the share of images passing the filter).
            let statement: SQLiteStatement
            if let minRating {
                statement = try connection.cachedStatement("""
                    SELECT \(Self.imageColumns) FROM images
                    WHERE rating >= ?1 AND id > ?2 ORDER BY id LIMIT ?3
                    """)
                try statement.bind(minRating.value, at: 1)
            } else {
                statement = try connection.cachedStatement("""
                    SELECT \(Self.imageColumns) FROM images WHERE id > ?2 ORDER BY id LIMIT ?3
                    """)
            }
            try statement.bind(after?.rawValue ?? 0, at: 2)
            try statement.bind(limit, at: 3)
            return try statement.rows(Self.image(from:))
        }
    }

    func image(_ id: ImageID) throws -> Image? {
        try readers.read { connection in
            let statement = try connection.cachedStatement("SELECT \(Self.imageColumns) FROM images WHERE id = ?1")
            try statement.bind(id.rawValue, at: 1)
            return try statement.rows(Self.image(from:)).first
        }
    }

    func count() throws -> Int {
        try readers.read { connection in
            Int(try connection.scalarInt64("SELECT count(*) FROM images") ?? 0)
        }
    }

    private static func image(from row: SQLiteStatement) throws -> Image {
        let id = row.int64(at: 0)
        return Image(
            id: ImageID(id),
            name: row.text(at: 1) ?? "",
            rating: try rating(row.int(at: 2), of: id),
            path: row.text(at: 3),
            byteSize: row.optionalInt64(at: 4),
            width: row.optionalInt(at: 5),
            height: row.optionalInt(at: 6),
            format: row.text(at: 7)
        )
    }

    /// The schema's CHECK keeps ratings in range; a value outside it means a damaged file.
    private static func rating(_ value: Int, of id: Int64) throws -> Rating {
        guard let rating = Rating(value) else {
            throw CatalogStoreError.corruptRow(id: id, reason: "rating \(value) is outside 0...5")
        }
        return rating
    }
}
