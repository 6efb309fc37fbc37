import ChainModel

/// One consistent read of a live session: its model, its remote handlers, and the version
/// clients see (the model's plus the handler changes).
struct SessionView: Sendable {
    let model: Session
    let remote: RemoteHandlers
    let version: Int
}
