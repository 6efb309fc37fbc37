/// A statement of a pipeline failed: which one, and why. The ones after it did not run.
package struct PipelineFailure: Error, Sendable, CustomStringConvertible {
    package let index: Int
    package let error: PostgresError

    package var description: String { "statement \(index + 1) of a pipeline: \(error)" }
}
