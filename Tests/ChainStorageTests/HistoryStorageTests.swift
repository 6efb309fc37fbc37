import ChainModel
import ChainStorage
import ChainTestSupport
import Testing

/// The catalog's history, kept by both engines in the transaction of the change it records.
@Suite struct HistoryStorageTests {
    private static func record(
        _ principal: String, _ action: String, at time: Int64, changes: ChangeSet, previous: ChangeSet
    ) -> HistoryRecord {
        HistoryRecord(principal: principal, session: "s-" + principal, action: action, time: time, changes: changes, previous: previous)
    }

    private static func previous(_ changes: ChangeSet, in columns: AttributeColumns) -> ChangeSet {
        changes.previousValues(code: columns.code(of:_:), codes: columns.codes(of:_:))
    }

    private static func rating(_ value: Int, _ ids: Int...) -> ChangeSet {
        .set(Rating(value)!, on: ImageSelection(unique: ids.map { ImageID(Int64($0)) }))
    }

    @Test(arguments: StorageEngine.allCases)
    func aWriteRecordsWhoAndTheValuesBeforeAndAfterReadNewestFirst(_ engine: StorageEngine) throws {
        try engine.withLocation { location in
            let store = try location.open()
            defer { store.close() }
            _ = try store.seedDemoCatalogIfEmpty(count: 10)
            let before = try store.loadAttributes()
            let was = Int(before.code(of: ImageID(2), Rating.attribute)!)
            let set = was == 5 ? 4 : 5
            let label: ColorLabel = before.code(of: ImageID(2), ColorLabel.attribute) == ColorLabel.red.code ? .blue : .red
            let first = ChangeSet.set(Rating(set)!, on: ImageSelection(unique: [ImageID(1), ImageID(2)]))
            try store.writeAndWait(StorageWrite(
                changes: first, history: Self.record("ann", "setRating", at: 1_000, changes: first, previous: Self.previous(first, in: before))))
            var labels = ChangeSet.set(label, on: .one(ImageID(2)))
            labels.append(contentsOf: Self.rating(1, 2))
            let after = try store.loadAttributes()
            try store.writeAndWait(StorageWrite(
                changes: labels, history: Self.record("eve", "batch", at: 2_000, changes: labels, previous: Self.previous(labels, in: after))))

            let history = try store.history(of: ImageID(2), limit: 10, before: nil)
            #expect(history.map(\.principal) == ["eve", "ann"])
            #expect(history.map(\.action) == ["batch", "setRating"])
            #expect(history.map(\.time) == [2_000, 1_000])
            #expect(history.first?.session == "s-eve")
            #expect(history.first?.after[Rating.attribute] == 1 && history.first?.after[ColorLabel.attribute] == label.code)
            #expect(history.first?.before[Rating.attribute] == UInt8(set) && history.first?.after[Flag.attribute] == nil)
            #expect(history.last?.before[Rating.attribute] == UInt8(was) && history.last?.after[Rating.attribute] == UInt8(set))
            #expect(history.last?.after.attributes == [Rating.attribute])

            // Paged by the serial of the last entry seen.
            let older = try store.history(of: ImageID(2), limit: 10, before: history[0].serial)
            #expect(older == Array(history.dropFirst()))
            #expect(try store.history(of: ImageID(3), limit: 10, before: nil).isEmpty)
            #expect(try store.lastEditor(of: ImageID(2), Rating.attribute) == "eve")
            let firstWas = before.code(of: ImageID(1), Rating.attribute)
            #expect(try store.lastEditor(of: ImageID(1), Rating.attribute) == (firstWas == UInt8(set) ? nil : "ann"))
            #expect(try store.lastEditor(of: ImageID(2), Flag.attribute) == nil)
        }
    }

    @Test(arguments: StorageEngine.allCases)
    func aRefusedWriteRecordsNothing(_ engine: StorageEngine) throws {
        try engine.withLocation { location in
            let store = try location.open()
            defer { store.close() }
            _ = try store.seedDemoCatalogIfEmpty(count: 4)
            try location.refuseUpdates(ofImage: 3, message: "refused for the test")
            let changes = Self.rating(5, 1, 3)
            let previous = ChangeSet.set(Rating(0)!, on: ImageSelection(unique: [ImageID(1), ImageID(3)]))
            #expect(throws: (any Error).self) {
                try store.writeAndWait(StorageWrite(changes: changes, history: Self.record("ann", "setRating", at: 1, changes: changes, previous: previous)))
            }
            #expect(try store.history(of: ImageID(1), limit: 10, before: nil).isEmpty)
        }
    }

    @Test(arguments: StorageEngine.allCases)
    func pruningDropsEntriesPastTheirDaysAndPastTheNewestPerImage(_ engine: StorageEngine) throws {
        try engine.withLocation { location in
            let store = try location.open()
            defer { store.close() }
            _ = try store.seedDemoCatalogIfEmpty(count: 4)
            let day: Int64 = 86_400_000
            let now = 100 * day
            // Image 1: five entries, the first two 50 days old; image 2: one, 50 days old.
            for (index, time) in [now - 50 * day, now - 50 * day, now - day, now - day, now].enumerated() {
                let changes = Self.rating(index % 2 == 0 ? 5 : 1, 1)
                let previous = Self.rating(index % 2 == 0 ? 1 : 5, 1)
                try store.writeAndWait(StorageWrite(changes: changes, history: Self.record("ann", "setRating", at: time, changes: changes, previous: previous)))
            }
            let old = Self.rating(4, 2)
            try store.writeAndWait(StorageWrite(
                changes: old, history: Self.record("eve", "setRating", at: now - 50 * day, changes: old, previous: Self.rating(3, 2))))

            let retention = HistoryRetention(days: 30, perImage: 2)
            let deleted = try store.pruneHistory(retention, images: 1...4, now: now)
            #expect(deleted > 0)
            let kept = try store.history(of: ImageID(1), limit: 10, before: nil)
            #expect(kept.map(\.time) == [now, now - day])
            #expect(try store.history(of: ImageID(2), limit: 10, before: nil).isEmpty)
            // Nothing more to prune: a second pass deletes nothing.
            #expect(try store.pruneHistory(retention, images: 1...4, now: now) == 0)
        }
    }
}
