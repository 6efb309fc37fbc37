/// Undoing a savepoint's writes failed: what it wrote may still be in the transaction, so
/// the whole transaction must be rolled back, not committed.
struct SavepointRollbackFailed: Error {
    /// Why `body` failed in the first place.
    let cause: any Error
    /// Why undoing it failed.
    let rollback: any Error
}
