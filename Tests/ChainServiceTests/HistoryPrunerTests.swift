import ChainModel
import ChainService
import ChainStorage
import ChainTestSupport
import Testing

/// The background pruning: one sweep covers every image id, a range at a time, on either engine.
@Suite struct HistoryPrunerTests {
    @Test(arguments: StorageEngine.allCases)
    func aSweepPrunesEveryRangeOfImagesAndLeavesWhatIsKept(_ engine: StorageEngine) throws {
        try engine.withLocation { location in
            let store = try location.open()
            defer { store.close() }
            // More images than one step covers, so the sweep takes several.
            let count = Int(HistoryPruning.imagesPerStep) + 10
            _ = try store.seedDemoCatalogIfEmpty(count: count)
            let now = LogClock.milliseconds()
            let old = now - 40 * 86_400_000
            for (id, time) in [(1, old), (count, old), (count, now), (2, now), (2, now)] {
                let image = ImageID(Int64(id))
                let changes = ChangeSet.set(Rating(5)!, on: .one(image))
                try store.writeAndWait(StorageWrite(changes: changes, history: HistoryRecord(
                    principal: "ann", session: "s", action: "setRating", time: time, images: [image.rawValue],
                    before: [HistoryValues.pack(AttributeValues.defaults)], after: [HistoryValues.pack(AttributeValues.defaults)])))
            }
            let pruner = HistoryPruner(storage: store, retention: HistoryRetention(days: 30, perImage: 1), log: Logger(level: .error))
            #expect(pruner.sweep() > 0)
            #expect(try store.history(of: ImageID(1), limit: 10, before: nil).isEmpty)
            #expect(try store.history(of: ImageID(Int64(count)), limit: 10, before: nil).map(\.time) == [now])
            #expect(try store.history(of: ImageID(2), limit: 10, before: nil).count == 1)
            #expect(pruner.sweep() == 0)
        }
    }
}
