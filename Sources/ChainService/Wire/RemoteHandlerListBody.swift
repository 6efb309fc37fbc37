import ChainModel

/// `GET …/handlers`: the session's remote handlers in registration order.
package struct RemoteHandlerListBody: WireObject {
    package let handlers: RemoteHandlers

    package init(handlers: RemoteHandlers) {
        self.handlers = handlers
    }

    package func members(_ member: inout JSONObjectWriter) {
        member("handlers", handlers.handlers.map { RemoteHandlerBody(handler: $0, live: handlers.isLive) })
    }
}
