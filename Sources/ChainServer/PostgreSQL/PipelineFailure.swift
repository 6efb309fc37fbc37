/// A statement of a pipeline failed: which one, and why. The ones after it did not run.
struct PipelineFailure: Error, Sendable, CustomStringConvertible {
    let index: Int
    let error: PostgresError

    var description: String { "statement \(index + 1) of a pipeline: \(error)" }
}
