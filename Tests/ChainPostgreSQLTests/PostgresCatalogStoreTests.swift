import ChainModel
import ChainPostgreSQL
import ChainStorage
import ChainSupport
import ChainTestSupport
import Foundation
import Synchronization
import Testing

/// What only the PostgreSQL engine has to show: migrations shared by instances, settings,
/// and the database going away and coming back. The contract every engine keeps is tested
/// by the suites parameterized over `StorageEngine`.
@Suite("PostgreSQL catalog store")
struct PostgresCatalogStoreTests {
    /// Instances starting together migrate the database once, and every one of them writes.
    @Test func instancesStartingTogetherMigrateOnceAndAllWrite() throws {
        let url = try PostgresCluster.start().createDatabase()
        let opened = Lock<[PostgresCatalogStore]>([])
        let failed = Lock<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do {
                let store = try PostgresCatalogStore(url: url, durability: .off, readerCount: 1)
                opened.withLock { $0.append(store) }
            } catch {
                failed.withLock { $0.append("\(error)") }
            }
        }
        let stores = opened.withLock { $0 }
        defer { for store in stores { store.close() } }
        try #require(stores.count == 4, "\(failed.withLock { $0 })")
        #expect(Set(stores.map(\.origin)).count == 4)
        #expect(try stores[0].seedDemoCatalogIfEmpty(count: 50) == 50)
        #expect(try stores[1].seedDemoCatalogIfEmpty(count: 50) == 0)
        for (index, store) in stores.enumerated() {
            let id = ImageID(Int64(index + 1))
            try store.writeAndWait(StorageWrite(changes: .set(Rating(index + 1)!, on: .one(id))))
        }
        #expect(try stores[3].allRatings().prefix(4).map(\.rating.value) == [1, 2, 3, 4])
        let connection = try PostgresConnection(url: url)
        defer { connection.close() }
        #expect(try PostgresSchema.version(of: connection) == PostgresSchema.currentVersion)
    }

    @Test func aDatabaseOfANewerBuildIsRefusedUntouched() throws {
        let url = try PostgresCluster.start().createDatabase()
        try PostgresCatalogStore(url: url).close()
        let connection = try PostgresConnection(url: url)
        defer { connection.close() }
        try connection.execute("UPDATE chain_schema SET version = 99")
        #expect(throws: CatalogStoreError.schemaTooNew(path: PostgresConnection.redacted(url), found: 99, supported: PostgresSchema.currentVersion)) {
            _ = try PostgresCatalogStore(url: url)
        }
        #expect(try PostgresSchema.version(of: connection) == 99)
    }

    /// A database of a version 5 build keeps its images, which gain no metadata and stand
    /// upright; new imports store theirs beside them.
    @Test func aVersion5DatabaseGainsCameraMetadata() throws {
        let url = try PostgresCluster.start().createDatabase()
        let setup = try PostgresConnection(url: url)
        defer { setup.close() }
        try setup.execute("CREATE TABLE chain_schema (version INTEGER NOT NULL)")
        for migration in PostgresSchema.migrations.prefix(5) { try setup.execute(migration) }
        try setup.execute("INSERT INTO chain_schema (version) VALUES (5)")
        try setup.execute("INSERT INTO images (name, path, width, height) VALUES ('a.jpg', '/p/a.jpg', 30, 20)")
        try setup.execute("INSERT INTO image_values (id, rating) VALUES (1, 4)")

        let store = try PostgresCatalogStore(url: url, durability: .off, readerCount: 1)
        defer { store.close() }
        #expect(try PostgresSchema.version(of: setup) == PostgresSchema.currentVersion)
        let lens = ImageMetadata(captureTime: CaptureTime(exif: "2024:05:01 10:20:30", offset: "-07:00"), lens: "50mm", orientation: 8)
        _ = try store.insert([ImageRecord(name: "b.jpg", path: "/p/b.jpg", metadata: lens)])
        let images = try store.images(ImageQuery(limit: 10))
        #expect(images.map(\.rating) == [Rating(4)!, .none])
        #expect(images.map(\.metadata) == [.unknown, lens])
        #expect(images.map(\.captureMilliseconds) == [nil, 1_714_584_030_000])
    }

    @Test(arguments: [(Durability.full, "on"), (.normal, "off"), (.off, "off")])
    func durabilityMapsToSynchronousCommit(durability: Durability, setting: String) throws {
        let store = try PostgresCatalogStore(url: try PostgresCluster.start().createDatabase(), durability: durability)
        defer { store.close() }
        #expect(try store.writer.transaction { try $0.query("SHOW synchronous_commit").text(0, 0) } == setting)
    }

    @Test func anUnreachableDatabaseIsNamedWithoutItsPassword() throws {
        let url = "postgresql://editor:s3cret@127.0.0.1:1/catalog?connect_timeout=2"
        #expect(PostgresConnection.redacted(url) == "postgresql://editor:***@127.0.0.1:1/catalog?connect_timeout=2")
        #expect(PostgresConnection.redacted("host=db password=s3cret user=x") == "host=db password=*** user=x")
        do {
            _ = try PostgresCatalogStore(url: url)
            Issue.record("connected to nothing")
        } catch let error as PostgresError {
            #expect(error.connectionLost)
            #expect(!error.description.contains("s3cret"))
        }
    }

    /// A write while the database is down fails (nothing acknowledged), reads throw, and once
    /// it is back both work again on the same store, with every acknowledged write kept.
    @Test func writesFailWhileTheDatabaseIsDownAndResumeWhenItIsBack() throws {
        let cluster = try PostgresCluster.startPrivate()
        defer { cluster.remove() }
        let url = try cluster.createDatabase()
        let store = try PostgresCatalogStore(url: url, durability: .full)
        defer { store.close() }
        _ = try store.seedDemoCatalogIfEmpty(count: 10)
        func write(_ id: Int64, _ rating: Int) -> Result<Void, any Error> {
            let done = DispatchSemaphore(value: 0)
            let outcome = Lock<Result<Void, any Error>?>(nil)
            store.write([ImageChange(id: ImageID(id), Rating(rating)!)]) { result in
                outcome.withLock { $0 = result }
                done.signal()
            }
            done.wait()
            return outcome.withLock { $0! }
        }
        #expect((try? write(1, 5).get()) != nil)
        #expect((try? write(2, 1).get()) != nil)

        try cluster.stopServer()
        let down = write(2, 5)
        #expect((try? down.get()) == nil, "acknowledged while the database was down")
        #expect(throws: PostgresError.self) { _ = try store.image(ImageID(1)) }

        try cluster.startServer()
        let resumed = write(3, 4)
        #expect((try? resumed.get()) != nil, "the writer reconnects: \(resumed)")
        #expect(try store.image(ImageID(1))?.rating == Rating(5)!, "a reader reconnects")
        let ratings = try store.allRatings().prefix(3).map(\.rating.value)
        #expect(ratings == [5, 1, 4], "the failed write did not land")

        // Restarted while nothing was written: the first write afterwards finds the old
        // connection closed before it sends anything, and goes through.
        try cluster.stopServer()
        try cluster.startServer()
        let first = write(4, 2)
        #expect((try? first.get()) != nil, "the first write after a quiet restart: \(first)")
        #expect(try store.image(ImageID(4))?.rating == Rating(2)!, "so does the first read")
    }
}
