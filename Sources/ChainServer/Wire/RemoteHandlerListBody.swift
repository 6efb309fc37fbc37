import ChainModel

/// `GET …/handlers`: the session's remote handlers in registration order.
struct RemoteHandlerListBody: WireObject {
    let handlers: RemoteHandlers

    func members(_ member: inout JSONObjectWriter) {
        member("handlers", handlers.handlers.map { RemoteHandlerBody(handler: $0, live: handlers.isLive) })
    }
}
