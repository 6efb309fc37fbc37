/// One write on the catalog writer's queue: what to store, whether it is still worth storing
/// when its turn comes, and what to tell once it committed or failed.
package struct CatalogWriteBatch: Sendable {
    package typealias Completion = @Sendable (Result<Void, any Error>) -> Void
    package typealias Validity = @Sendable () -> Bool
    package typealias CommitObserver = @Sendable (_ batches: Int, _ rows: Int) -> Void

    package let write: StorageWrite
    package let stillValid: Validity?
    package let completion: Completion

    package init(write: StorageWrite, stillValid: Validity?, completion: @escaping Completion) {
        self.write = write
        self.stillValid = stillValid
        self.completion = completion
    }
}
