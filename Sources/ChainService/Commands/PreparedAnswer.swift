import ChainStorage

/// A command's answer, made once for its ending: what it is, as an idempotency receipt keeps
/// it to replay, and what sends it. The caller of `CommandRunner.run` makes it (on the thread
/// that walked the command, for one that commits), so the runner never encodes, and the
/// storage writer's thread only calls `send`, which must hand the answer over and not wait.
package struct PreparedAnswer: Sendable {
    /// The answer's status, media type and bytes.
    package let stored: StoredAnswer
    package let send: @Sendable () -> Void

    package init(stored: StoredAnswer, send: @escaping @Sendable () -> Void) {
        self.stored = stored
        self.send = send
    }
}
