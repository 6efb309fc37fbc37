import ChainModel
import ChainStorage

extension SQLiteCatalogStore {
    /// Adds `records` in one transaction on the writer thread and returns how many were new;
    /// a record whose `path` is already in the catalog is left as it is. Blocks until committed.
    package func insert(_ records: [ImageRecord]) throws -> Int {
        try writer.transaction { connection in try Self.insert(records, on: connection) }
    }

    /// Fills an empty catalog with `count` deterministic demo images (see `DemoCatalog`) and
    /// returns how many it added: 0 when the catalog already holds images. The emptiness check
    /// and the inserts share one transaction, so two callers cannot both seed.
    package func seedDemoCatalogIfEmpty(count: Int = 600, picturesDirectory: String? = nil) throws -> Int {
        let records = DemoCatalog.records(count: count, picturesDirectory: picturesDirectory)
        return try writer.transaction { connection in
            guard try connection.scalarInt64("SELECT EXISTS (SELECT 1 FROM images)") == 0 else { return 0 }
            return try Self.insert(records, on: connection)
        }
    }

    private static func insert(_ records: [ImageRecord], on connection: SQLiteConnection) throws -> Int {
        let columns = try Attribute.all.map(CatalogColumn.name(of:)) + StoredMetadata.columns.map(\.name)
        let placeholders = columns.indices.map { "?\($0 + 8)" }.joined(separator: ", ")
        let firstMetadata = 8 + Attribute.all.count
        let sql = """
            INSERT INTO images (name, path, byte_size, width, height, format, added_at, \(columns.joined(separator: ", ")))
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, \(placeholders))
            ON CONFLICT (path) DO NOTHING
            """
        var added = 0
        for record in records {
            let statement = try connection.cachedStatement(sql)
            try statement.bind(record.name, at: 1)
            try statement.bind(record.path, at: 2)
            try statement.bind(record.byteSize, at: 3)
            try statement.bind(record.width, at: 4)
            try statement.bind(record.height, at: 5)
            try statement.bind(record.format, at: 6)
            try statement.bind(record.addedAt, at: 7)
            for (index, attribute) in Attribute.all.enumerated() {
                try statement.bind(Int(record.values[attribute] ?? 0), at: 8 + index)
            }
            for (index, value) in StoredMetadata.values(of: record.metadata).enumerated() {
                switch value {
                case nil: try statement.bindNull(at: firstMetadata + index)
                case .text(let text)?: try statement.bind(text, at: firstMetadata + index)
                case .integer(let number)?: try statement.bind(number, at: firstMetadata + index)
                case .real(let number)?: try statement.bind(number, at: firstMetadata + index)
                }
            }
            try statement.run()
            added += connection.changes
        }
        return added
    }
}
