import ChainModel

@testable import ChainServer

extension SQLiteCatalogStore {
    /// Every image's rating in id order, read back through `loadAttributes`.
    func allRatings() throws -> [(id: ImageID, rating: Rating)] {
        let columns = try loadAttributes()
        return columns.order.map { (id: $0, rating: Rating(uncheckedCode: columns.code(of: $0, Rating.attribute)!)) }
    }

    /// A page by the v1 filters.
    func images(after: ImageID?, limit: Int, minRating: Rating?) throws -> [Image] {
        try images(ImageQuery(after: after, limit: limit, minRating: minRating))
    }

    /// Queues a batch given image by image.
    func write(_ changes: [ImageChange], completion: @escaping @Sendable (Result<Void, any Error>) -> Void) {
        write(ChangeSet(changes), stillValid: nil, completion: completion)
    }

    /// Queues catalog writes alone, as commands without a session write do.
    func write(
        _ changes: ChangeSet, stillValid: (@Sendable () -> Bool)?, completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) {
        write(StorageWrite(changes: changes), stillValid: stillValid, completion: completion)
    }
}
