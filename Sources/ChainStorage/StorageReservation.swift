/// A place in storage's write queue, taken where the order of writes is decided and filled
/// just after (`CatalogStorage.reserveWrite`): the batch that fills it commits there, after
/// everything queued before the place was taken and before everything queued after, however
/// late it comes. So a caller holding a lock that fixes commit order takes the place under
/// it and makes the batch's bytes (a session's state, a command's answer) once the lock is
/// let go, where other threads need not wait for them.
///
/// Fill it exactly once, and at once: the writes queued behind it wait for it.
package struct StorageReservation: Sendable {
    package typealias Completion = @Sendable (Result<Void, any Error>) -> Void

    private let fill: @Sendable (StorageWrite, (@Sendable () -> Bool)?, @escaping Completion) -> Void

    package init(fill: @escaping @Sendable (StorageWrite, (@Sendable () -> Bool)?, @escaping Completion) -> Void) {
        self.fill = fill
    }

    /// Fills the place with `write`, as `CatalogStorage.write` would queue it.
    package func write(_ write: StorageWrite, stillValid: (@Sendable () -> Bool)?, completion: @escaping Completion) {
        fill(write, stillValid, completion)
    }
}
