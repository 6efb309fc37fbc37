import ChainModel
import ChainPostgreSQL
import ChainService
import ChainStorage
import ChainSupport
import ChainTestSupport
import Dispatch
import Foundation
import Synchronization
import Testing

/// Several instances on one PostgreSQL database, at the storage seam: each mirror follows the
/// others' commits through the commit log, in commit order, and a write computed before
/// another instance wrote its images is refused rather than stored over them.
@Suite("PostgreSQL instances sharing a database")
struct PostgresInstancesTests {
    /// One instance: its store, and a mirror following the others through it.
    final class Instance: Sendable {
        let store: PostgresCatalogStore
        let mirror: CatalogMirror
        let followed = Lock<[(changes: ChangeSet, position: Int64)]>([])

        init(url: String) throws {
            store = try PostgresCatalogStore(url: url, durability: .off, readerCount: 1)
            let loaded = try store.loadFollowedCatalog()
            mirror = CatalogMirror(committed: loaded.columns, position: loaded.position)
            let mirror = mirror
            store.follower = CommitFollower(
                position: { mirror.followedPosition },
                apply: { [weak self] changes, _, position in
                    _ = mirror.follow(changes, position: position)
                    if !changes.isEmpty { self?.followed.withLock { $0.append((changes, position)) } }
                },
                advance: { mirror.advance(over: $0) },
                reload: { columns, position in _ = mirror.reload(columns, position: position) },
                added: { images, position in _ = mirror.add(images, position: position) })
        }

        /// Sets `id`'s rating, as computed from the mirror at `position` (now by default).
        func rate(_ id: Int64, _ rating: Int, readAt position: Int64? = nil) throws {
            let changes = ChangeSet.set(Rating(rating)!, on: .one(ImageID(id)))
            try store.writeAndWait(StorageWrite(changes: changes, readPosition: position ?? mirror.followedPosition))
            _ = mirror.commit(changes, batch: mirror.stage(changes, readSince: mirror.failureCount))
        }

        /// Waits up to ten seconds for the mirror to reach `position`; checks once more at the
        /// end, however late the last sleep woke.
        func waitForPosition(_ position: Int64) -> Bool {
            let deadline = ContinuousClock.now + .seconds(10)
            while mirror.followedPosition < position, ContinuousClock.now < deadline { usleep(2_000) }
            return mirror.followedPosition >= position
        }
    }

    static func twoInstances() throws -> (Instance, Instance) {
        let url = try PostgresCluster.start().createDatabase()
        let seeding = try PostgresCatalogStore(url: url, durability: .off, readerCount: 1)
        _ = try seeding.seedDemoCatalogIfEmpty(count: 20)
        seeding.close()
        // Both start after the seeding, so their mirrors hold the images (an import reaches
        // the mirrors of instances already running only at their next start).
        return (try Instance(url: url), try Instance(url: url))
    }

    @Test func eachInstanceFollowsTheOthersCommitsInOrder() throws {
        let (b, a) = try Self.twoInstances()
        defer { a.store.close(); b.store.close() }
        for rating in 1...5 { try a.rate(3, rating) }
        try a.rate(4, 2)
        #expect(b.waitForPosition(6))
        #expect(b.mirror.committedCode(of: ImageID(3), Rating.attribute) == 5)
        #expect(b.mirror.committedCode(of: ImageID(4), Rating.attribute) == 2)
        let positions = b.followed.withLock { $0.map(\.position) }
        #expect(positions == Array(1...6), "every commit of A, each once, in commit order")
        #expect(b.mirror.followedPosition == 6)

        // And back: B's writes reach A, whose own entries move its position without changes.
        try b.rate(5, 4)
        #expect(a.waitForPosition(7))
        #expect(a.mirror.committedCode(of: ImageID(5), Rating.attribute) == 4)
        #expect(a.followed.withLock { $0.map(\.position) } == [7])
        #expect(a.mirror.followedPosition == 7)
    }

    /// A write computed before the other instance wrote its image is refused, and nothing of
    /// it is stored; a write to other images from the same position goes through.
    @Test func aWriteComputedBeforeAnotherInstancesWriteToItsImagesIsRefused() throws {
        let (b, a) = try Self.twoInstances()
        defer { a.store.close(); b.store.close() }
        let before = b.mirror.followedPosition
        try a.rate(7, 5)
        #expect(throws: CatalogStoreError.conflict) { try b.rate(7, 1, readAt: before) }
        #expect(try a.store.image(ImageID(7))?.rating == Rating(5)!)
        try b.rate(8, 1, readAt: before)
        #expect(try a.store.image(ImageID(8))?.rating == Rating(1)!)
        // Once B followed A's write, the same write from there goes through.
        #expect(b.waitForPosition(1))
        #expect(b.mirror.committedCode(of: ImageID(7), Rating.attribute) == 5)
        try b.rate(7, 1)
        #expect(try a.store.image(ImageID(7))?.rating == Rating(1)!)
    }

    /// In one group, the refused batch fails, the batches before it are stored, and the ones
    /// after it fail unattempted: they may have read its values (the writer's rule for any
    /// failed batch).
    @Test func aRefusedBatchFailsWithTheBatchesAfterItInItsGroup() throws {
        let (b, a) = try Self.twoInstances()
        defer { a.store.close(); b.store.close() }
        let before = b.mirror.followedPosition
        try a.rate(2, 5)
        // The writer is held in a job of its own while the three are queued: one group.
        let (started, release) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let store = b.store
        Thread.detachNewThread {
            _ = try? store.writer.transaction { _ in
                started.signal()
                release.wait()
            }
        }
        started.wait()
        let results = Lock<[Int: Result<Void, any Error>]>([:])
        let done = DispatchGroup()
        for (index, id) in [1, 2, 3].enumerated() {
            done.enter()
            b.store.write(StorageWrite(changes: .set(Rating(3)!, on: .one(ImageID(Int64(id)))), readPosition: before), stillValid: nil) { result in
                results.withLock { $0[index] = result }
                done.leave()
            }
        }
        release.signal()
        done.wait()
        let outcome = results.withLock { $0 }
        #expect((try? outcome[0]?.get()) != nil)
        #expect(throws: CatalogStoreError.conflict) { try outcome[1]?.get() }
        #expect(throws: CatalogStoreError.precedingWriteFailed) { try outcome[2]?.get() }
        #expect(try a.store.allRatings().prefix(2).map(\.rating.value) == [3, 5])
        #expect(try a.store.image(ImageID(3))?.rating != Rating(3)!)
    }

    /// An expiry's delete (`unusedFor`) is refused while any instance recorded a use of the
    /// session within that time, a use (`used`) records one, and once none is recent the
    /// delete goes through.
    @Test func anExpiryLeavesASessionAnInstanceRecordedInUse() throws {
        let url = try PostgresCluster.start().createDatabase()
        let store = try PostgresCatalogStore(url: url, durability: .off, readerCount: 1)
        defer { store.close() }
        let connection = try PostgresConnection(url: url)
        defer { connection.close() }
        var create = SessionWrite(id: "s-1", kind: .create(tokenDigest: [1, 2, 3], client: "test", principal: .anonymous))
        (create.state, create.stacks) = (Array("{}".utf8), Array("{}".utf8))
        try store.writeAndWait(StorageWrite(session: create))
        func expire(unusedFor idle: Duration) throws {
            var delete = SessionWrite(id: "s-1", kind: .delete)
            delete.expectedVersion = 0
            delete.unusedFor = idle
            try store.writeAndWait(StorageWrite(session: delete))
        }
        // Just created: a use as recent as that.
        #expect(throws: CatalogStoreError.conflict) { try expire(unusedFor: .seconds(60)) }

        try connection.execute("UPDATE sessions SET last_used = now() - interval '1 hour'")
        let logged = try connection.query("SELECT count(*) FROM catalog_log").int(0, 0)
        var used = SessionWrite(id: "s-1", kind: .update)
        used.used = true
        try store.writeAndWait(StorageWrite(session: used))
        #expect(try connection.query("SELECT count(*) FROM catalog_log").int(0, 0) == logged, "a use is not logged for others to follow")
        #expect(throws: CatalogStoreError.conflict) { try expire(unusedFor: .seconds(60)) }
        // Looked up by token only while in use within the time asked.
        #expect(try store.loadSession(.tokenDigestUsedWithin([1, 2, 3], .seconds(60))) != nil)
        #expect(try store.loadSession(.tokenDigestUsedWithin([1, 2, 3], .milliseconds(1))) == nil)
        #expect(try store.loadSession(.id("s-1")) != nil)

        try connection.execute("UPDATE sessions SET last_used = now() - interval '2 minutes'")
        try expire(unusedFor: .seconds(60))
        #expect(try store.loadSession(.id("s-1")) == nil)
    }

    /// A mirror whose position fell behind what the log keeps reloads every value.
    @Test func aMirrorBehindTheLogsHorizonReloads() throws {
        let (b, a) = try Self.twoInstances()
        defer { a.store.close(); b.store.close() }
        b.store.follower = nil
        try a.rate(1, 4)
        try a.rate(2, 4)
        let connection = try PostgresConnection(url: a.store.url)
        defer { connection.close() }
        try connection.execute("DELETE FROM catalog_log WHERE seq < (SELECT max(seq) FROM catalog_log)")
        let reloaded = Lock(false)
        let mirror = b.mirror
        b.store.follower = CommitFollower(
            position: { mirror.followedPosition },
            apply: { changes, _, position in _ = mirror.follow(changes, position: position) },
            advance: { mirror.advance(over: $0) },
            reload: { columns, position in
                _ = mirror.reload(columns, position: position)
                reloaded.withLock { $0 = true }
            },
            added: { images, position in _ = mirror.add(images, position: position) })
        // A write computed before the pruned entries is refused: which images they wrote
        // is no longer known.
        #expect(throws: CatalogStoreError.conflict) { try b.rate(9, 1, readAt: 0) }
        try a.rate(3, 4)
        #expect(b.waitForPosition(3))
        #expect(reloaded.withLock { $0 })
        #expect(b.mirror.committedCode(of: ImageID(1), Rating.attribute) == 4)
        #expect(b.mirror.followedPosition == 3)
    }

    /// Images another process added (`chain-server import` on the shared database) reach
    /// every running instance's mirror, without a restart, and writes go on after.
    @Test func imagesAddedByAnotherProcessReachTheMirrors() throws {
        let (a, b) = try Self.twoInstances()
        defer { a.store.close(); b.store.close() }
        try a.rate(1, 3)
        #expect(b.waitForPosition(a.mirror.followedPosition))
        let before = b.mirror.imageCount
        let importer = try PostgresCatalogStore(url: a.store.url, durability: .off, readerCount: 1)
        let added = try importer.insert((1...3).map { ImageRecord(name: "new-\($0).jpg", path: "/imported/new-\($0).jpg") })
        importer.close()
        #expect(added == 3)
        // The mirrors take the catalog again at the import's entry; a later write follows.
        for instance in [a, b] {
            let deadline = ContinuousClock.now + .seconds(10)
            while instance.mirror.imageCount < before + 3, ContinuousClock.now < deadline { usleep(2_000) }
            #expect(instance.mirror.imageCount == before + 3)
        }
        try a.rate(2, 5)
        #expect(b.waitForPosition(a.mirror.followedPosition))
        #expect(b.mirror.committedCode(of: ImageID(1), Rating.attribute) == 3)
        #expect(b.mirror.committedCode(of: ImageID(2), Rating.attribute) == 5)
        // A new image takes a rating through one instance and the other sees it.
        let newest = Int64(before + 3)
        try b.rate(newest, 4)
        #expect(a.waitForPosition(b.mirror.followedPosition))
        #expect(a.mirror.committedCode(of: ImageID(newest), Rating.attribute) == 4)
    }
}
