import ChainModel
import ChainStorage
import ChainSupport
import Dispatch
import Synchronization

extension CatalogStorage {
    /// Every image's rating in id order, read back through `loadAttributes`.
    package func allRatings() throws -> [(id: ImageID, rating: Rating)] {
        let columns = try loadAttributes()
        return columns.order.map { (id: $0, rating: Rating(uncheckedCode: columns.code(of: $0, Rating.attribute)!)) }
    }

    /// A page by the v1 filters.
    package func images(after: ImageID?, limit: Int, minRating: Rating?) throws -> [Image] {
        try images(ImageQuery(after: after, limit: limit, minRating: minRating))
    }

    /// Writes one batch and waits for its outcome, which it throws when it failed.
    package func writeAndWait(_ write: StorageWrite) throws {
        let done = DispatchSemaphore(value: 0)
        let outcome = Lock<Result<Void, any Error>?>(nil)
        self.write(write, stillValid: nil) { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        try outcome.withLock { $0! }.get()
    }

    /// Queues a batch given image by image.
    package func write(_ changes: [ImageChange], completion: @escaping @Sendable (Result<Void, any Error>) -> Void) {
        write(ChangeSet(changes), stillValid: nil, completion: completion)
    }

    /// Queues catalog writes alone, as commands without a session write do.
    package func write(
        _ changes: ChangeSet, stillValid: (@Sendable () -> Bool)?, completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) {
        write(StorageWrite(changes: changes), stillValid: stillValid, completion: completion)
    }
}

extension CatalogStorage {
    /// Seeds demo images with no pictures.
    package func seedDemoCatalogIfEmpty(count: Int) throws -> Int {
        try seedDemoCatalogIfEmpty(count: count, picturesDirectory: nil)
    }
}
