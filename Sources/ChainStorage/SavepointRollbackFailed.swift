/// Undoing a savepoint's writes failed: what it wrote may still be in the transaction, so
/// the whole transaction must be rolled back, not committed.
package struct SavepointRollbackFailed: Error {
    /// Why `body` failed in the first place.
    package let cause: any Error
    /// Why undoing it failed.
    package let rollback: any Error

    package init(cause: any Error, rollback: any Error) {
        self.cause = cause
        self.rollback = rollback
    }
}
