import ChainModel
import ChainStorage

extension PostgresCatalogStore {
    private static let imageColumns = StoredImageRow.columns

    /// Every image's attribute values, for the in-memory mirror.
    package func loadAttributes() throws -> AttributeColumns {
        try loadFollowedCatalog().columns
    }

    package func loadFollowedCatalog() throws -> FollowedCatalog {
        try read(Self.loadFollowedCatalog)
    }

    /// Every value and the log position they are as of, from one snapshot: a mirror started
    /// from them misses no commit and takes none twice.
    package static func loadFollowedCatalog(on connection: PostgresConnection) throws -> FollowedCatalog {
        let columns = try Attribute.all.map(CatalogColumn.name(of:)).joined(separator: ", ")
        let (position, rows) = try connection.snapshot {
            let position = try connection.query("SELECT coalesce(max(seq), 0)::int8 FROM catalog_log").int64(0, 0)
            let result = try connection.query("SELECT id, \(columns) FROM image_values ORDER BY id")
            let rows = try (0..<result.rowCount).map { row in
                let id = result.int64(row, 0)
                return (try StoredImageRow.checkedID(id), try StoredImageRow.values(of: id) { result.int(row, 1 + $0) })
            }
            return (position, rows)
        }
        var loaded = AttributeColumns()
        loaded.insert(rows)
        return FollowedCatalog(columns: loaded, position: position)
    }

    /// One page of images in id order after `query.after`, passing its filters; see
    /// `SQLiteCatalogStore.images`.
    package func images(_ query: ImageQuery) throws -> [Image] {
        guard query.limit > 0 else { return [] }
        var conditions = ["id > $1"]
        var parameters: [PostgresValue] = [.int(query.after?.rawValue ?? 0), .int(query.limit), .int(max(0, query.offset))]
        if let minRating = query.minRating {
            parameters.append(.int(minRating.value))
            conditions.append("\(try CatalogColumn.name(of: Rating.attribute)) >= $\(parameters.count)")
        }
        for attribute in query.equals.attributes {
            parameters.append(.int(Int(query.equals[attribute]!)))
            conditions.append("\(try CatalogColumn.name(of: attribute)) = $\(parameters.count)")
        }
        let sql = "SELECT \(Self.imageColumns) FROM images JOIN image_values USING (id) WHERE \(conditions.joined(separator: " AND ")) ORDER BY id LIMIT $2 OFFSET $3"
        return try read { connection in
            let result = try connection.query(sql, parameters)
            return try (0..<result.rowCount).map { try Self.image(from: result, $0) }
        }
    }

    package func image(_ id: ImageID) throws -> Image? {
        try read { connection in
            let result = try connection.query("SELECT \(Self.imageColumns) FROM images JOIN image_values USING (id) WHERE id = $1", [.int(id.rawValue)])
            return try result.rowCount == 0 ? nil : Self.image(from: result, 0)
        }
    }

    /// One round trip for a page of ids, sent as one array parameter.
    package func images(ids: [ImageID]) throws -> [Image] {
        guard !ids.isEmpty else { return [] }
        let list = "{" + ids.map { String($0.rawValue) }.joined(separator: ",") + "}"
        let images = try read { connection in
            let result = try connection.query(
                "SELECT \(Self.imageColumns) FROM images JOIN image_values USING (id) WHERE id = ANY($1::int8[])", [.text(list)])
            return try (0..<result.rowCount).map { try Self.image(from: result, $0) }
        }
        return Self.ordered(images, as: ids)
    }

    package func lastImageID() throws -> ImageID? {
        try read { connection in
            try connection.query("SELECT max(id) FROM images").optionalInt64(0, 0).map(ImageID.init)
        }
    }

    private static func image(from result: PostgresResult, _ row: Int) throws -> Image {
        try StoredImageRow.image(
            id: result.int64(row, 0), text: { result.text(row, $0) }, optionalInt64: { result.optionalInt64(row, $0) },
            optionalDouble: { result.optionalDouble(row, $0) },
            code: { result.int(row, StoredImageRow.firstAttributeColumn + $0) })
    }
}
