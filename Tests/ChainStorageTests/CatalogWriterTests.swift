import ChainModel
import ChainSQLite
import ChainStorage
import ChainSupport
import ChainTestSupport
import Foundation
import Synchronization
import Testing

/// The writer through the store's API, on every engine: group commit, ordering, failure
/// isolation, closing.
@Suite struct CatalogWriterTests {
    @Test(arguments: StorageEngine.allCases)
    func concurrentWritersShareCommitsAndEverythingPersists(engine: StorageEngine) throws {
        try engine.withLocation { location in
            let store = try location.open(durability: .full)
            _ = try store.seedDemoCatalogIfEmpty(count: 100)
            let commits = Lock((commits: 0, batches: 0, rows: 0))
            store.onCommit = { batches, rows in
                commits.withLock { $0.commits += 1; $0.batches += batches; $0.rows += rows }
            }
            let results = Lock((succeeded: 0, failed: 0))
            let threads = 8
            let writesPerThread = 50
            let allDone = DispatchGroup()
            for _ in 0..<(threads * writesPerThread) { allDone.enter() }
            let started = DispatchGroup()

            // Thread t cycles writes over its own ten images, so the last write of each
            // thread's sequence decides the persisted value: enqueue order must be kept.
            for thread in 0..<threads {
                started.enter()
                Thread {
                    started.leave()
                    started.wait()  // all threads begin together
                    for write in 0..<writesPerThread {
                        let change = ImageChange(id: ImageID(Int64(thread * 10 + write % 10 + 1)), Rating((thread + write) % 6)!
                        )
                        store.write([change]) { result in
                            results.withLock { if case .success = result { $0.succeeded += 1 } else { $0.failed += 1 } }
                            allDone.leave()
                        }
                    }
                }.start()
            }
            allDone.wait()
            store.close()

            #expect(results.withLock { $0 } == (threads * writesPerThread, 0))
            let seen = commits.withLock { $0 }
            #expect(seen.batches == threads * writesPerThread)
            #expect(seen.rows == threads * writesPerThread)
            #expect(seen.commits < threads * writesPerThread, "every write got its own commit: no grouping")

            let reopened = try location.open()
            defer { reopened.close() }
            let ratings = Dictionary(uniqueKeysWithValues: try reopened.allRatings().map { ($0.id, $0.rating) })
            for thread in 0..<threads {
                for slot in 0..<10 {
                    let lastWrite = writesPerThread - 10 + slot  // 40...49 hit slots 0...9
                    #expect(ratings[ImageID(Int64(thread * 10 + slot + 1))] == Rating((thread + lastWrite) % 6)!)
                }
            }
        }
    }

    @Test(arguments: StorageEngine.allCases)
    func completionsRunInEnqueueOrderOnTheWriterThread(engine: StorageEngine) throws {
        try engine.withLocation { location in
            let store = try location.open()
            _ = try store.seedDemoCatalogIfEmpty(count: 10)
            let order = Lock<[Int]>([])
            // Threads by identity, not name: under ThreadSanitizer `Thread.current.name` reads
            // a dispatch worker's name on any thread.
            let threads = Lock<Set<UInt>>([])
            for index in 0..<200 {
                store.write([ImageChange(id: ImageID(Int64(index % 10 + 1)), Rating(index % 6)!)]) { result in
                    if case .success = result { order.withLock { $0.append(index) } }
                    threads.withLock { _ = $0.insert(UInt(pthread_self())) }
                }
            }
            store.close()  // flushes: every completion has run when it returns
            #expect(order.withLock { $0 } == Array(0..<200))
            let writers = threads.withLock { $0 }
            #expect(writers.count == 1, "one writer thread ran every completion")
            #expect(!writers.contains(UInt(pthread_self())), "not the caller's")
        }
    }

    /// Ten images rated 0, where a trigger makes any update of image 7 fail, the way a real
    /// constraint might.
    static func storeRefusingImage7(at location: StorageLocation) throws -> any CatalogStorage {
        let seeded = try location.open()
        _ = try seeded.seedDemoCatalogIfEmpty(count: 10)
        seeded.close()
        try location.execute("UPDATE \(location.valuesTable) SET rating = 0")
        try location.refuseUpdates(ofImage: 7, message: "image 7 is locked")
        return try location.open()
    }

    /// Whether batch `index` has completed with a failure, for a batch that depends on it.
    final class Failures: Sendable {
        private let failed = Lock<Set<Int>>([])
        func record(_ index: Int) { _ = failed.withLock { $0.insert(index) } }
        func contains(_ index: Int) -> Bool { failed.withLock { $0.contains(index) } }
    }

    @Test(arguments: StorageEngine.allCases)
    func aFailingBatchRollsBackAndFailsTheBatchesQueuedBehindIt(engine: StorageEngine) throws {
        try engine.withLocation { location in
            let store = try Self.storeRefusingImage7(at: location)
            let outcomes = Lock<[Int: Result<Void, any Error>]>([:])
            let batches: [[ImageChange]] = [
                [ImageChange(id: ImageID(1), Rating(1)!)],
                [ImageChange(id: ImageID(2), Rating(2)!), ImageChange(id: ImageID(7), Rating(5)!)],
                [ImageChange(id: ImageID(3), Rating(3)!), ImageChange(id: ImageID(999), Rating(3)!)],
            ]
            // Batch 3 was computed over batch 2's staged values, as the mirror would record: in
            // the same group it fails behind batch 2; in a later group (the writer may have
            // taken batch 2 alone) its check sees batch 2 failed. Either way it is not written.
            let failures = Failures()
            for (index, batch) in batches.enumerated() {
                var stillValid: (@Sendable () -> Bool)?
                if index == 2 { stillValid = { @Sendable () -> Bool in !failures.contains(1) } }
                let changes = ChangeSet(batch)
                store.write(changes, stillValid: stillValid) { (result: Result<Void, any Error>) in
                    if case .failure = result { failures.record(index) }
                    outcomes.withLock { $0[index] = result }
                }
            }
            store.close()

            let results = outcomes.withLock { $0 }
            #expect((try? results[0]?.get()) != nil)
            let failure = try #require(results[1].flatMap { result -> (any Error)? in
                if case let .failure(error) = result { return error } else { return nil }
            })
            #expect(storageErrorMessage(failure) == "image 7 is locked")
            // Depending on the failed batch, batch 3 fails unattempted.
            #expect(results[2].map { result -> Bool in
                if case .failure(let error) = result { return (error as? CatalogStoreError) == .precedingWriteFailed }
                return false
            } == true)

            let reopened = try location.open()
            defer { reopened.close() }
            let ratings = try reopened.allRatings().map(\.rating.value)
            #expect(ratings == [1, 0, 0, 0, 0, 0, 0, 0, 0, 0])  // image 2 rolled back with its batch, 3 never written
        }
    }

    /// A session's own change is one statement, written without a savepoint: a failing one
    /// is undone alone and the batches around it commit; one that makes SQLite roll the whole
    /// transaction back fails its group, and the writer carries on.
    @Test func aSessionUpdateWithoutASavepointFailsAloneOrFailsItsWholeGroup() throws {
        try TemporaryDirectory.with { directory in
            let seeded = try SQLiteCatalogStore(directory: directory, durability: .off)
            seeded.close()
            let setup = try SQLiteConnection(path: directory + "/" + SQLiteCatalogStore.fileName, mode: .readWriteCreate)
            try setup.execute("""
                INSERT INTO sessions (id, token_digest, client, state) VALUES
                    ('a', x'01', '', 'a0'), ('refused', x'02', '', 'r0'), ('b', x'03', '', 'b0'), ('doomed', x'04', '', 'd0');
                CREATE TRIGGER refuse BEFORE UPDATE ON sessions WHEN NEW.id = 'refused'
                BEGIN SELECT RAISE(ABORT, 'refused'); END;
                CREATE TRIGGER doom BEFORE UPDATE ON sessions WHEN NEW.id = 'doomed'
                BEGIN SELECT RAISE(ROLLBACK, 'doomed'); END;
                """)
            try setup.close()
            let store = try SQLiteCatalogStore(directory: directory, durability: .off)
            func update(_ id: String, _ state: String) -> StorageWrite {
                var write = SessionWrite(id: id, kind: .update)
                write.state = Array(state.utf8)
                #expect(SQLiteSessionRows.isOneStatement(write))
                return StorageWrite(session: write)
            }
            func wait(_ writes: [StorageWrite]) -> [Bool] {
                let done = DispatchGroup()
                let outcomes = Lock<[Int: Bool]>([:])
                for (index, write) in writes.enumerated() {
                    done.enter()
                    store.write(write, stillValid: nil) { result in
                        outcomes.withLock { $0[index] = (try? result.get()) != nil }
                        done.leave()
                    }
                }
                done.wait()
                return outcomes.withLock { outcomes in writes.indices.map { outcomes[$0]! } }
            }
            #expect(wait([update("a", "a1"), update("refused", "r1"), update("b", "b1")]) == [true, false, true])
            // Whether or not the writer took the next batch into the doomed one's group, what
            // it reports is what is stored: a batch run after the rollback, outside any
            // transaction, must not be stored while reported failed.
            let doomed = wait([update("doomed", "d1"), update("b", "b2")])
            #expect(doomed[0] == false)
            #expect(wait([update("a", "a2")]) == [true], "the writer carries on after a rolled-back group")
            store.close()

            let check = try SQLiteConnection(path: directory + "/" + SQLiteCatalogStore.fileName, mode: .readWriteCreate)
            defer { try? check.close() }
            let rows = try check.prepare("SELECT id, state FROM sessions ORDER BY id")
            defer { try? rows.finalize() }
            let states = try rows.rows { row in "\(row.text(at: 0) ?? "")=\(row.text(at: 1) ?? "")" }
            #expect(states == ["a=a2", doomed[1] ? "b=b2" : "b=b1", "doomed=d0", "refused=r0"])
        }
    }

    @Test(arguments: StorageEngine.allCases)
    func anUnknownImageIsANoOpAndWritesResumeAfterAFailure(engine: StorageEngine) throws {
        try engine.withLocation { location in
            let store = try Self.storeRefusingImage7(at: location)
            func write(_ changes: [ImageChange]) -> Result<Void, any Error> {
                let done = DispatchSemaphore(value: 0)
                let outcome = Lock<Result<Void, any Error>?>(nil)
                store.write(changes) { result in
                    outcome.withLock { $0 = result }
                    done.signal()
                }
                done.wait()
                return outcome.withLock { $0! }
            }
            #expect((try? write([ImageChange(id: ImageID(7), Rating.max)]).get()) == nil)
            // Queued after the failure settled: attempted, and an unknown id is a no-op.
            #expect((try? write([ImageChange(id: ImageID(4), Rating.max), ImageChange(id: ImageID(999), Rating.max)]).get()) != nil)
            store.close()

            let reopened = try location.open()
            defer { reopened.close() }
            #expect(try reopened.allRatings().map(\.rating.value) == [0, 0, 0, 5, 0, 0, 0, 0, 0, 0])
        }
    }

    @Test(arguments: StorageEngine.allCases)
    func writesAfterCloseFailAtOnce(engine: StorageEngine) throws {
        try engine.withLocation { location in
            let store = try location.open()
            _ = try store.seedDemoCatalogIfEmpty(count: 5)
            store.close()
            let outcome = Lock<Result<Void, any Error>?>(nil)
            store.write([ImageChange(id: ImageID(1), Rating.max)]) { result in outcome.withLock { $0 = result } }
            // The completion ran before write returned: nothing is left to wait for.
            let result = try #require(outcome.withLock { $0 })
            #expect(throws: CatalogStoreError.closed) { try result.get() }
            #expect(throws: CatalogStoreError.closed) { try store.seedDemoCatalogIfEmpty(count: 5, picturesDirectory: nil) }
            #expect(throws: CatalogStoreError.closed) { try store.image(ImageID(1)) }
        }
    }

    @Test(arguments: StorageEngine.allCases)
    func closeWaitsForEveryQueuedBatch(engine: StorageEngine) throws {
        try engine.withLocation { location in
            let store = try location.open(durability: .full)
            _ = try store.seedDemoCatalogIfEmpty(count: 50)
            let completed = Lock(0)
            for index in 0..<2_000 {
                store.write([ImageChange(id: ImageID(Int64(index % 50 + 1)), Rating.max)]) { _ in
                    completed.withLock { $0 += 1 }
                }
            }
            store.close()
            #expect(completed.withLock { $0 } == 2_000)

            let reopened = try location.open()
            defer { reopened.close() }
            #expect(try reopened.images(after: nil, limit: 100, minRating: .max).count == 50)
        }
    }

    /// A durable store of five demo images on `engine`, with their seeded ratings.
    private static func withFiveImages(
        on engine: StorageEngine, _ body: (StorageLocation, any CatalogStorage, [Int]) throws -> Void
    ) throws {
        try engine.withLocation { location in
            let store = try location.open(durability: .full)
            _ = try store.seedDemoCatalogIfEmpty(count: 5)
            try body(location, store, try store.allRatings().map(\.rating.value))
        }
    }

    @Test(arguments: StorageEngine.allCases)
    func aReservedPlaceCommitsInItsOrderHoweverLateItIsFilled(engine: StorageEngine) throws {
        try Self.withFiveImages(on: engine) { location, store, seeded in
            let completed = Lock<[String]>([])
            let allDone = DispatchGroup()
            func completion(_ name: String) -> @Sendable (Result<Void, any Error>) -> Void {
                allDone.enter()
                return { result in
                    if case .success = result { completed.withLock { $0.append(name) } }
                    allDone.leave()
                }
            }
            // Image 1 is written 1, then 2 (in the reserved place), then 3.
            store.write([ImageChange(id: ImageID(1), Rating(1)!)], completion: completion("first"))
            let place = store.reserveWrite()
            store.write([ImageChange(id: ImageID(1), Rating(3)!), ImageChange(id: ImageID(2), Rating(3)!)], completion: completion("after"))
            // The write queued after the place waits for it: the first commits alone.
            let waited = ContinuousClock.now + .seconds(10)
            while completed.withLock({ $0 }) != ["first"], ContinuousClock.now < waited { Thread.sleep(forTimeInterval: 0.002) }
            Thread.sleep(forTimeInterval: 0.1)
            #expect(completed.withLock { $0 } == ["first"])
            #expect(try store.image(ImageID(2))?.rating.value == seeded[1])

            place.write(StorageWrite(changes: ChangeSet([ImageChange(id: ImageID(1), Rating(2)!)])), stillValid: nil, completion: completion("reserved"))
            allDone.wait()
            #expect(completed.withLock { $0 } == ["first", "reserved", "after"])
            store.close()

            let reopened = try location.open()
            defer { reopened.close() }
            #expect(try reopened.allRatings().map(\.rating.value) == [3, 3] + seeded[2...])
        }
    }

    @Test(arguments: StorageEngine.allCases)
    func closeWaitsForAPlaceTakenBeforeItAndAPlaceTakenAfterFailsClosed(engine: StorageEngine) throws {
        try Self.withFiveImages(on: engine) { location, store, seeded in
            let place = store.reserveWrite()
            let closed = DispatchSemaphore(value: 0)
            Thread {
                store.close()
                closed.signal()
            }.start()
            #expect(closed.wait(timeout: .now() + 0.2) == .timedOut, "close must wait for the place to be filled")
            let filled = Lock<Result<Void, any Error>?>(nil)
            place.write(StorageWrite(changes: ChangeSet([ImageChange(id: ImageID(4), Rating.max)])), stillValid: nil) { result in
                filled.withLock { $0 = result }
            }
            #expect(closed.wait(timeout: .now() + 10) == .success)
            #expect((try? filled.withLock { $0 }?.get()) != nil)

            let late = Lock<Result<Void, any Error>?>(nil)
            store.reserveWrite().write(StorageWrite(changes: ChangeSet([ImageChange(id: ImageID(5), Rating.max)])), stillValid: nil) { result in
                late.withLock { $0 = result }
            }
            #expect(throws: CatalogStoreError.closed) { try #require(late.withLock { $0 }).get() }

            let reopened = try location.open()
            defer { reopened.close() }
            #expect(try reopened.allRatings().map(\.rating.value) == seeded[0..<3] + [5, seeded[4]])
        }
    }

    @Test func releasingTheStoreFromACompletionDoesNotDeadlock() throws {
        try TemporaryDirectory.with { directory in
            var store: SQLiteCatalogStore? = try SQLiteCatalogStore(directory: directory, durability: .off)
            _ = try store?.seedDemoCatalogIfEmpty(count: 5)
            weak let released = store
            let completed = DispatchSemaphore(value: 0)
            let dropped = DispatchSemaphore(value: 0)
            // The completion holds the last reference, so the store deinitialises (and closes)
            // on the writer thread, which must not wait for itself.
            store?.write([ImageChange(id: ImageID(2), Rating.max)]) { [store] _ in
                _ = store
                dropped.wait()  // the test's own reference is gone before this one goes
                completed.signal()
            }
            store = nil
            dropped.signal()
            #expect(completed.wait(timeout: .now() + 10) == .success)
            // The writer thread ends by closing the last connection, which removes the WAL.
            let wal = directory + "/" + SQLiteCatalogStore.fileName + "-wal"
            let deadline = Date().addingTimeInterval(10)
            while released != nil || FileManager.default.fileExists(atPath: wal), Date() < deadline {
                Thread.sleep(forTimeInterval: 0.005)
            }
            #expect(released == nil)
            #expect(!FileManager.default.fileExists(atPath: wal))

            let reopened = try SQLiteCatalogStore(directory: directory, durability: .off)
            defer { reopened.close() }
            #expect(try reopened.image(ImageID(2))?.rating == .max)
        }
    }
}
