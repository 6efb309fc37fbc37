/// Thrown by an engine's `commit` after a group written in one go had a batch fail: the
/// group was rolled back whole, and must be written again batch by batch to learn which.
package struct WriteAgainCarefully: Error, Sendable {
    /// The failure that stopped the group, for the log.
    package let cause: any Error

    package init(cause: any Error) {
        self.cause = cause
    }
}
