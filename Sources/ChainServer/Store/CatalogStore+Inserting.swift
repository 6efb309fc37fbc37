import ChainModel

extension CatalogStore {
    /// Adds `records` in one transaction on the writer thread and returns how many were new;
    /// a record whose `path` is already in the catalog is left as it is. Blocks until committed.
    func insert(_ records: [ImageRecord]) throws -> Int {
        try writer.transaction { connection in try Self.insert(records, on: connection) }
    }

    /// Fills an empty catalog with `count` deterministic demo images (see `DemoCatalog`) and
    /// returns how many it added: 0 when the catalog already holds images. The emptiness check
    /// and the inserts share one transaction, so two callers cannot both seed.
    func seedDemoCatalogIfEmpty(count: Int = 600) throws -> Int {
        let records = DemoCatalog.records(count: count)
        return try writer.transaction { connection in
            guard try connection.scalarInt64("SELECT EXISTS (SELECT 1 FROM images)") == 0 else { return 0 }
            return try Self.insert(records, on: connection)
        }
    }

    private static func insert(_ records: [ImageRecord], on connection: SQLiteConnection) throws -> Int {
        var added = 0
        for record in records {
            let statement = try connection.cachedStatement("""
                INSERT INTO images (name, rating, path, byte_size, width, height, format, added_at)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                ON CONFLICT (path) DO NOTHING
                """)
            try statement.bind(record.name, at: 1)
            try statement.bind(record.rating.value, at: 2)
            try statement.bind(record.path, at: 3)
            try statement.bind(record.byteSize, at: 4)
            try statement.bind(record.width, at: 5)
            try statement.bind(record.height, at: 6)
            try statement.bind(record.format, at: 7)
            try statement.bind(record.addedAt, at: 8)
            try statement.run()
            added += connection.changes
        }
        return added
    }
}
