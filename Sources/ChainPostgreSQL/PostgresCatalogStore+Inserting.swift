import ChainModel
import ChainStorage

extension PostgresCatalogStore {
    /// Rows per INSERT: each column goes as one array parameter.
    package static let insertChunk = 5_000

    /// Adds `records` in one transaction on the writer thread and returns how many were new;
    /// a record whose `path` is already stored is left as it is. Blocks until committed.
    package func insert(_ records: [ImageRecord]) throws -> Int {
        let origin = origin
        return try writer.transaction { connection in
            let added = try Self.insert(records, on: connection)
            if !added.isEmpty { try Self.announce(added, on: connection, origin: origin) }
            return added.count
        }
    }

    /// Adds a log entry naming the images just added, in the inserting transaction, so every
    /// other instance's mirror takes them in once it commits (`PostgresWriteEngine.follow`).
    /// The log's lock is taken only now, at the end: a long import holds up no other
    /// instance's commits, and the entry's position still follows commit order.
    private static func announce(_ added: [ImageID], on connection: PostgresConnection, origin: String) throws {
        let runs = ImageSelection(added).runs.map { "[\($0.first),\($0.first + Int64($0.count)))" }
        try connection.query("SELECT pg_advisory_xact_lock($1)", [.int(PostgresSchema.logLockKey)])
        try connection.query(
            """
            INSERT INTO catalog_log (seq, origin, images, changes, sessions, added)
            SELECT coalesce(max(seq), 0) + 1, $1, $2::int8multirange, '', '{}', true FROM catalog_log
            """, [.text(origin), .text("{" + runs.joined(separator: ",") + "}")])
        try connection.query("SELECT pg_notify('\(PostgresSchema.logChannel)', $1)", [.text(origin)])
    }

    /// Fills an empty catalog with `count` demo images and returns how many it added: 0 when
    /// it holds images already. Under the schema's advisory lock, so two instances starting
    /// on one empty database do not both seed.
    package func seedDemoCatalogIfEmpty(count: Int, picturesDirectory: String?) throws -> Int {
        let records = DemoCatalog.records(count: count, picturesDirectory: picturesDirectory)
        return try writer.transaction { connection in
            try connection.query("SELECT pg_advisory_xact_lock($1)", [.int(PostgresSchema.lockKey)])
            guard try connection.query("SELECT EXISTS (SELECT 1 FROM images)::int").int(0, 0) == 0 else { return 0 }
            return try Self.insert(records, on: connection).count
        }
    }

    /// Each chunk: the records whose path is not stored yet (nor earlier in the chunk), ids
    /// drawn from the images' identity for those alone (a re-import spends none), then one
    /// statement that adds them and their values. `ON CONFLICT` stays as a backstop.
    private static func insert(_ records: [ImageRecord], on connection: PostgresConnection) throws -> [ImageID] {
        let attributes = try Attribute.all.map(CatalogColumn.name(of:))
        let metadata = StoredMetadata.columns.map(\.name).joined(separator: ", ")
        let arrays = (attributes.indices.map { "$\($0 + 9)::int2[]" } + StoredMetadata.columns.enumerated().map { index, column in
            "$\(attributes.count + index + 9)::\(Self.arrayType(column.kind))"
        }).joined(separator: ", ")
        let sql = """
            WITH input AS (
                SELECT * FROM unnest($1::int8[], $2::text[], $3::text[], $4::int8[], $5::int4[], $6::int4[], $7::text[], $8::text[], \(arrays))
                AS t(id, name, path, byte_size, width, height, format, added_at, \(attributes.joined(separator: ", ")), \(metadata))
            ), added AS (
                INSERT INTO images (id, name, path, byte_size, width, height, format, added_at, \(metadata))
                SELECT id, name, path, byte_size, width, height, format, added_at, \(metadata) FROM input
                ON CONFLICT (path) DO NOTHING RETURNING id
            )
            INSERT INTO image_values (id, \(attributes.joined(separator: ", ")))
            SELECT id, \(attributes.joined(separator: ", ")) FROM input JOIN added USING (id)
            RETURNING id
            """
        var added: [ImageID] = []
        var start = 0
        while start < records.count {
            let candidates = records[start..<min(records.count, start + insertChunk)]
            start += candidates.count
            let stored = try connection.query(
                "SELECT path FROM images WHERE path = ANY($1::text[])", [.array(candidates.compactMap(\.path).map(Optional.some))])
            var seen = Set((0..<stored.rowCount).compactMap { stored.text($0, 0) })
            let chunk = candidates.filter { record in record.path.map { seen.insert($0).inserted } ?? true }
            guard !chunk.isEmpty else { continue }
            let ids = try connection.query(
                "SELECT nextval(pg_get_serial_sequence('images', 'id')) FROM generate_series(1, $1)", [.int(chunk.count)])
            var parameters: [PostgresValue] = [
                .array((0..<ids.rowCount).map { ids.int64($0, 0) }),
                .array(chunk.map { Optional($0.name) }), .array(chunk.map(\.path)),
                .array(chunk.map { $0.byteSize.map(String.init) }), .array(chunk.map { $0.width.map(String.init) }),
                .array(chunk.map { $0.height.map(String.init) }), .array(chunk.map(\.format)), .array(chunk.map(\.addedAt)),
            ]
            for attribute in Attribute.all {
                parameters.append(.array(chunk.map { Int($0.values[attribute] ?? 0) }))
            }
            let metadataValues = chunk.map { StoredMetadata.values(of: $0.metadata) }
            for index in StoredMetadata.columns.indices {
                parameters.append(.array(metadataValues.map { $0[index]?.literal }))
            }
            let inserted = try connection.query(sql, parameters)
            added += (0..<inserted.rowCount).map { ImageID(inserted.int64($0, 0)) }
        }
        return added
    }

    /// The array type a metadata column's values are sent as (text, cast by PostgreSQL).
    private static func arrayType(_ kind: StoredMetadata.Kind) -> String {
        switch kind {
        case .text: "text[]"
        case .integer: "int8[]"
        case .real: "float8[]"
        }
    }
}
