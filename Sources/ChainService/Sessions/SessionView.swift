import ChainModel

/// One consistent read of a live session: its model, its remote handlers, and the version
/// clients see (the model's plus the handler changes).
package struct SessionView: Sendable {
    package let model: Session
    package let remote: RemoteHandlers
    package let version: Int
}
