import ChainModel
import ChainSQLite
import ChainStorage
import ChainTestSupport
import Foundation
import Testing

@Suite struct CatalogSchemaTests {
    @Test func migratingAnEmptyFileCreatesTheCurrentVersion() throws {
        try TemporaryDirectory.with { directory in
            let connection = try SQLiteConnection(path: directory + "/c.sqlite", mode: .readWriteCreate)
            defer { try? connection.close() }
            #expect(try CatalogSchema.version(of: connection) == 0)
            try CatalogSchema.migrate(connection)

            // Not a number here: migrations are appended by more than one branch at a time.
            #expect(CatalogSchema.currentVersion == CatalogSchema.migrations.count)
            #expect(try CatalogSchema.version(of: connection) == CatalogSchema.currentVersion)
            let columns = try connection.prepare("SELECT name FROM pragma_table_info('images') ORDER BY cid")
            #expect(try columns.rows { $0.text(at: 0) } == [
                "id", "name", "rating", "path", "byte_size", "width", "height", "format", "added_at", "label", "flag",
                "capture_time", "capture_ms", "camera_make", "camera_model", "lens", "exposure_time", "aperture", "iso",
                "focal_length", "orientation",
            ])
            try columns.finalize()
            #expect(try connection.scalarInt64(
                "SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name NOT LIKE 'sqlite_autoindex%'"
            ) == 0, "attributes are not indexed: see migration 2")
            let mode = try connection.prepare("PRAGMA journal_mode")
            #expect(try mode.rows { $0.text(at: 0) } == ["wal"])
            try mode.finalize()

            // Running it again finds nothing to do.
            try CatalogSchema.migrate(connection)
            #expect(try CatalogSchema.version(of: connection) == CatalogSchema.currentVersion)
            let tables = try connection.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
            #expect(Set(try tables.rows { $0.text(at: 0) ?? "" }).isSuperset(of: [
                "api_keys", "history_actors", "history_by_image", "history_folded", "history_log", "idempotency_receipts", "images", "sessions", "undo_entries",
            ]))
            try tables.finalize()
        }
    }

    /// A catalog written by a v1 build (ratings only) keeps its ratings and gains labels and
    /// flags at `none`.
    @Test func aVersion1FileGainsLabelsAndFlags() throws {
        try TemporaryDirectory.with { directory in
            let path = directory + "/" + SQLiteCatalogStore.fileName
            let setup = try SQLiteConnection(path: path, mode: .readWriteCreate)
            try setup.execute(CatalogSchema.migrations[0])
            try setup.execute("PRAGMA user_version = 1")
            try setup.execute("INSERT INTO images (name, rating) VALUES ('a.jpg', 4), ('b.jpg', 2)")
            try setup.close()

            let store = try SQLiteCatalogStore(directory: directory)
            defer { store.close() }
            let images = try store.images(ImageQuery(limit: 10))
            #expect(images.map(\.rating) == [Rating(4)!, Rating(2)!])
            #expect(images.map(\.label) == [.none, .none])
            #expect(images.map(\.flag) == [.none, .none])
        }
    }

    /// A catalog written by a v3 build keeps its images, which gain no metadata and stand
    /// upright; new imports store theirs beside them.
    @Test func aVersion3FileGainsCameraMetadata() throws {
        try TemporaryDirectory.with { directory in
            let path = directory + "/" + SQLiteCatalogStore.fileName
            let setup = try SQLiteConnection(path: path, mode: .readWriteCreate)
            for migration in CatalogSchema.migrations.prefix(3) { try setup.execute(migration) }
            try setup.execute("PRAGMA user_version = 3")
            try setup.execute("INSERT INTO images (name, rating, path, width, height) VALUES ('a.jpg', 4, '/p/a.jpg', 30, 20)")
            try setup.close()

            let store = try SQLiteCatalogStore(directory: directory)
            defer { store.close() }
            let lens = ImageMetadata(lens: "50mm", orientation: 8)
            _ = try store.insert([ImageRecord(name: "b.jpg", path: "/p/b.jpg", metadata: lens)])
            let images = try store.images(ImageQuery(limit: 10))
            #expect(images.map(\.rating) == [Rating(4)!, .none])
            #expect(images.map(\.metadata) == [.unknown, lens])
        }
    }

    @Test func schemaEnforcesRatingRangeAndUniquePaths() throws {
        try TemporaryDirectory.with { directory in
            let connection = try SQLiteConnection(path: directory + "/c.sqlite", mode: .readWriteCreate)
            defer { try? connection.close() }
            try CatalogSchema.migrate(connection)
            try connection.execute("INSERT INTO images (name, path) VALUES ('a.jpg', '/a.jpg')")
            #expect(try connection.scalarInt64("SELECT rating FROM images") == 0)
            #expect(throws: SQLiteError.self) { try connection.execute("UPDATE images SET rating = 6") }
            #expect(throws: SQLiteError.self) { try connection.execute("UPDATE images SET label = 6") }
            #expect(throws: SQLiteError.self) { try connection.execute("UPDATE images SET flag = 3") }
            #expect(throws: SQLiteError.self) {
                try connection.execute("INSERT INTO images (name, path) VALUES ('b.jpg', '/a.jpg')")
            }
        }
    }

    @Test func refusesAFileFromANewerBuildWithoutTouchingIt() throws {
        try TemporaryDirectory.with { directory in
            let path = directory + "/" + SQLiteCatalogStore.fileName
            let setup = try SQLiteConnection(path: path, mode: .readWriteCreate)
            try setup.execute("PRAGMA user_version = \(CatalogSchema.currentVersion + 1)")
            try setup.close()

            #expect(throws: CatalogStoreError.schemaTooNew(path: path, found: CatalogSchema.currentVersion + 1, supported: CatalogSchema.currentVersion)) {
                _ = try SQLiteCatalogStore(directory: directory)
            }
            let error = CatalogStoreError.schemaTooNew(path: path, found: CatalogSchema.currentVersion + 1, supported: CatalogSchema.currentVersion)
            #expect(error.description.contains("version \(CatalogSchema.currentVersion + 1)"))

            let check = try SQLiteConnection(path: path, mode: .readOnly)
            defer { try? check.close() }
            #expect(try CatalogSchema.version(of: check) == CatalogSchema.currentVersion + 1)
            #expect(try check.scalarInt64("SELECT count(*) FROM sqlite_schema") == 0)
        }
    }

    /// Pages must walk in id order from the cursor, never scan everything and sort.
    @Test(arguments: [
        "SELECT id FROM images WHERE rating >= ?1 AND id > ?2 ORDER BY id LIMIT ?3",
        "SELECT id FROM images WHERE rating = ?1 AND id > ?2 ORDER BY id LIMIT ?3",
        "SELECT id FROM images WHERE id > ?2 ORDER BY id LIMIT ?3",
    ])
    func pageQueriesSearchWithoutSorting(query: String) throws {
        try TemporaryDirectory.with { directory in
            let connection = try SQLiteConnection(path: directory + "/c.sqlite", mode: .readWriteCreate)
            defer { try? connection.close() }
            try CatalogSchema.migrate(connection)
            let plan = try connection.prepare("EXPLAIN QUERY PLAN " + query)
            let details = try plan.rows { $0.text(at: 3) ?? "" }
            try plan.finalize()
            #expect(details.count == 1 && details[0].hasPrefix("SEARCH images"), "plan: \(details)")
            #expect(!details.contains { $0.contains("TEMP B-TREE") }, "plan: \(details)")
        }
    }
}
