/// A store whose writes go through a `CatalogWriter`, as both engines' do: writing and the
/// commit observer are the writer's.
package protocol WriterBackedStorage: CatalogStorage {
    associatedtype Engine: CatalogWriteEngine
    var writer: CatalogWriter<Engine> { get }
}

extension WriterBackedStorage {
    /// Called on the writer thread after each successful COMMIT that wrote catalog values,
    /// before that group's completions, with the number of its batches that wrote catalog
    /// values and the number of those writes (a write to an unknown id counts; a failed
    /// batch's do not). Commits of session writes alone are not counted.
    /// Set it before the first write to see every commit; keep it quick.
    package var onCommit: (@Sendable (_ batches: Int, _ rows: Int) -> Void)? {
        get { writer.observer }
        set { writer.observer = newValue }
    }

    package var follower: CommitFollower? {
        get { writer.follower }
        set { writer.follower = newValue }
    }

    /// Queues a batch and returns at once; see `CatalogWriter.write`. Changes to ids the
    /// catalog does not hold are no-ops.
    package func write(
        _ write: StorageWrite, stillValid: (@Sendable () -> Bool)?,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) {
        writer.write(write, stillValid: stillValid, completion: completion)
    }

    /// See `CatalogWriter.reserve`.
    package func reserveWrite() -> StorageReservation {
        writer.reserve()
    }
}
