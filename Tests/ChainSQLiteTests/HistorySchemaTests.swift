import ChainModel
import ChainSQLite
import ChainStorage
import ChainTestSupport
import Testing

/// The history's SQLite layout (`CatalogSchema` v7): a v6 file keeps its history, rows stay
/// in the log they are written to, and who wrote them is stored once.
@Suite struct HistorySchemaTests {
    private static func rating(_ value: UInt8) -> Int64 {
        var values = AttributeValues()
        values[Rating.attribute] = value
        return HistoryValues.pack(values)
    }

    /// A v6 file with two folded entries and one recent one.
    private static func version6File(in directory: String) throws {
        let setup = try SQLiteConnection(path: directory + "/" + SQLiteCatalogStore.fileName, mode: .readWriteCreate)
        defer { try? setup.close() }
        for migration in CatalogSchema.migrations.prefix(6) { try setup.execute(migration) }
        try setup.execute("PRAGMA user_version = 6")
        try setup.execute("INSERT INTO images (name, rating) VALUES ('a.jpg', 2), ('b.jpg', 0)")
        try setup.execute("""
            INSERT INTO history_entries (id, principal, session, action, time_ms) VALUES
                (1, 'ann', 's-ann', 'setRating', 1000), (2, 'eve', 's-eve', 'setRating', 2000);
            INSERT INTO history_values (image, entry, before, after) VALUES
                (1, 1, \(rating(0)), \(rating(5))), (2, 1, \(rating(0)), \(rating(5))), (1, 2, \(rating(5)), \(rating(3)));
            INSERT INTO history_recent (entry, image, before, after, principal, session, action) VALUES
                (3, 0, 3000, 0, 'ann', 's-ann', 'setRating'), (3, 1, \(rating(3)), \(rating(2)), NULL, NULL, NULL);
            """)
    }

    @Test func aVersion6FileKeepsItsHistoryAndItsSerials() throws {
        try TemporaryDirectory.with { directory in
            try Self.version6File(in: directory)
            let store = try SQLiteCatalogStore(directory: directory)
            defer { store.close() }

            let history = try store.history(of: ImageID(1), limit: 10, before: nil)
            #expect(history.map(\.serial) == [3, 2, 1])
            #expect(history.map(\.principal) == ["ann", "eve", "ann"])
            #expect(history.map(\.time) == [3000, 2000, 1000])
            #expect(history.map { $0.after[Rating.attribute] } == [2, 3, 5])
            #expect(try store.history(of: ImageID(2), limit: 10, before: nil).map(\.session) == ["s-ann"])
            #expect(try store.lastEditor(of: ImageID(1), Rating.attribute) == "ann")

            // The next write's entry comes after the file's, and ann's new actor is a row of its own.
            let changes = ChangeSet.set(Rating(4)!, on: .one(ImageID(2)))
            try store.writeAndWait(StorageWrite(changes: changes, history: HistoryRecord(
                principal: "ann", session: "s-ann", action: "setRating", time: 4000,
                changes: changes, previous: .set(Rating(5)!, on: .one(ImageID(2))))))
            #expect(try store.history(of: ImageID(2), limit: 10, before: nil).map(\.serial) == [4, 1])
            #expect(try store.foldHistory() == 1)
            #expect(try store.history(of: ImageID(1), limit: 2, before: 3).map(\.serial) == [2, 1])
            #expect(try store.history(of: ImageID(2), limit: 10, before: nil).map(\.principal) == ["ann", "ann"])
        }
    }

    @Test func anActorIsStoredOncePerPrincipalSessionAndAction() throws {
        try TemporaryDirectory.with { directory in
            let store = try SQLiteCatalogStore(directory: directory)
            _ = try store.seedDemoCatalogIfEmpty(count: 4)
            for (index, action) in ["setRating", "setRating", "setLabel", "setRating"].enumerated() {
                let changes = ChangeSet.set(Rating(index % 2 == 0 ? 5 : 1)!, on: .one(ImageID(1)))
                try store.writeAndWait(StorageWrite(changes: changes, history: HistoryRecord(
                    principal: "ann", session: "s-ann", action: action, time: Int64(index),
                    changes: changes, previous: .set(Rating(index % 2 == 0 ? 1 : 5)!, on: .one(ImageID(1))))))
            }
            #expect(try store.history(of: ImageID(1), limit: 10, before: nil).map(\.action) == ["setRating", "setLabel", "setRating", "setRating"])
            store.close()

            let check = try SQLiteConnection(path: directory + "/" + SQLiteCatalogStore.fileName, mode: .readOnly)
            defer { try? check.close() }
            #expect(try check.scalarInt64("SELECT count(*) FROM history_actors") == 2)
            #expect(try check.scalarInt64("SELECT count(*) FROM history_log") == 4)
        }
    }

    /// An actor inserted by a write that then failed is not stored: the writer forgets it and
    /// inserts it again with the next write that needs it.
    @Test func anActorOfARolledBackWriteIsInsertedAgain() throws {
        try TemporaryDirectory.with { directory in
            let store = try SQLiteCatalogStore(directory: directory)
            defer { store.close() }
            _ = try store.seedDemoCatalogIfEmpty(count: 4)
            let other = try SQLiteConnection(path: directory + "/" + SQLiteCatalogStore.fileName, mode: .readWriteCreate)
            defer { try? other.close() }
            try other.setBusyTimeout(milliseconds: 5_000)
            // Refused after the actor's row, at the log's row for image 3.
            try other.execute("""
                CREATE TRIGGER refuse_3 BEFORE INSERT ON history_log WHEN NEW.image = 3
                BEGIN SELECT RAISE(ABORT, 'refused for the test'); END;
                """)
            func write(_ ids: [Int64]) throws {
                let changes = ChangeSet.set(Rating(5)!, on: ImageSelection(unique: ids.map(ImageID.init)))
                try store.writeAndWait(StorageWrite(changes: changes, history: HistoryRecord(
                    principal: "zed", session: "s-zed", action: "setRating", time: 1,
                    changes: changes, previous: .set(Rating(1)!, on: ImageSelection(unique: ids.map(ImageID.init))))))
            }
            #expect(throws: (any Error).self) { try write([1, 3]) }
            #expect(try store.history(of: ImageID(1), limit: 10, before: nil).isEmpty)
            try other.execute("DROP TRIGGER refuse_3")
            try write([1])
            #expect(try store.history(of: ImageID(1), limit: 10, before: nil).map(\.principal) == ["zed"])
        }
    }
}
