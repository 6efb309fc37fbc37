import ChainModel

/// A request body member the service cannot take: which member, why, and any further
/// members the answer names. The API answers it `422 /problems/invalid-argument`.
package struct InvalidInput: Error, Sendable {
    package let field: String
    package let detail: String
    /// More members for the problem (the image a change names, say).
    package let extra: [(key: String, value: JSON)]

    package init(_ field: String, _ detail: String, extra: [(key: String, value: JSON)] = []) {
        self.field = field
        self.detail = detail
        self.extra = extra
    }
}
