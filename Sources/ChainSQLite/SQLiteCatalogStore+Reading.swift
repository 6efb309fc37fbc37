import ChainModel
import ChainStorage

extension SQLiteCatalogStore {
    private static let imageColumns = StoredImageRow.columns

    /// Every image's attribute values: what the server loads into its in-memory mirror.
    package func loadAttributes() throws -> AttributeColumns {
        let columns = try Attribute.all.map(CatalogColumn.name(of:)).joined(separator: ", ")
        let rows = try readers.read { connection in
            let statement = try connection.cachedStatement("SELECT id, \(columns) FROM images ORDER BY id")
            return try statement.rows { row in
                let id = row.int64(at: 0)
                return (try StoredImageRow.checkedID(id), try StoredImageRow.values(of: id) { row.int(at: 1 + $0) })
            }
        }
        var loaded = AttributeColumns()
        loaded.insert(rows)
        return loaded
    }

    /// One page of images in id order: those after `query.after` (from the start when `nil`)
    /// that pass its filters, at most `query.limit` of them. The last id of a page is the next
    /// page's `after`, which keeps pages stable while other images change.
    package func images(_ query: ImageQuery) throws -> [Image] {
        guard query.limit > 0 else { return [] }
        // Every plan walks an index or the rowid from `after` and stops after `limit` rows,
        // with no sort: a page costs about `limit` rows (divided by the share passing).
        var conditions = ["id > ?1"]
        var values: [Int] = []
        if let minRating = query.minRating {
            conditions.append("\(try CatalogColumn.name(of: Rating.attribute)) >= ?\(values.count + 3)")
            values.append(minRating.value)
        }
        for attribute in query.equals.attributes {
            conditions.append("\(try CatalogColumn.name(of: attribute)) = ?\(values.count + 3)")
            values.append(Int(query.equals[attribute]!))
        }
        // The offset is bound, not written into the SQL: each distinct text is a statement
        // every reader connection caches for good.
        let offsetIndex = values.count + 3
        let sql = "SELECT \(Self.imageColumns) FROM images WHERE \(conditions.joined(separator: " AND ")) ORDER BY id LIMIT ?2 OFFSET ?\(offsetIndex)"
        return try readers.read { connection in
            let statement = try connection.cachedStatement(sql)
            try statement.bind(query.after?.rawValue ?? 0, at: 1)
            try statement.bind(query.limit, at: 2)
            try statement.bind(max(0, query.offset), at: offsetIndex)
            for (index, value) in values.enumerated() { try statement.bind(value, at: index + 3) }
            return try statement.rows(Self.image(from:))
        }
    }

    package func image(_ id: ImageID) throws -> Image? {
        try readers.read { connection in
            let statement = try connection.cachedStatement("SELECT \(Self.imageColumns) FROM images WHERE id = ?1")
            try statement.bind(id.rawValue, at: 1)
            return try statement.rows(Self.image(from:)).first
        }
    }

    /// One statement for a page of ids: they travel as one JSON array (`json_each`), so the
    /// text is the same for every page and each reader caches it once.
    package func images(ids: [ImageID]) throws -> [Image] {
        guard !ids.isEmpty else { return [] }
        let list = "[" + ids.map { String($0.rawValue) }.joined(separator: ",") + "]"
        let images = try readers.read { connection in
            let statement = try connection.cachedStatement(
                "SELECT \(Self.imageColumns) FROM images WHERE id IN (SELECT value FROM json_each(?1))")
            try statement.bind(list, at: 1)
            return try statement.rows(Self.image(from:))
        }
        return Self.ordered(images, as: ids)
    }

    /// The highest image id, or `nil` for an empty catalog.
    package func lastImageID() throws -> ImageID? {
        try readers.read { connection in
            try connection.scalarInt64("SELECT max(id) FROM images").map(ImageID.init)
        }
    }

    package func count() throws -> Int {
        try readers.read { connection in
            Int(try connection.scalarInt64("SELECT count(*) FROM images") ?? 0)
        }
    }

    private static func image(from row: SQLiteStatement) throws -> Image {
        try StoredImageRow.image(
            id: row.int64(at: 0), text: { row.text(at: $0) }, optionalInt64: { row.optionalInt64(at: $0) },
            optionalDouble: { row.isNull(at: $0) ? nil : row.double(at: $0) },
            code: { row.int(at: StoredImageRow.firstAttributeColumn + $0) })
    }
}
