import ChainModel

/// A remote handler as its client registered it, with its validation in full and whether
/// it is live (its session has an event stream open).
package struct RemoteHandlerBody: WireObject {
    package let handler: RemoteHandler
    package let live: Bool

    package init(handler: RemoteHandler, live: Bool) {
        self.handler = handler
        self.live = live
    }

    package func members(_ member: inout JSONObjectWriter) {
        member("id", handler.id)
        member("responder", handler.responder)
        member("action", handler.action)
        member("validation", ValidationBody(validation: handler.validation))
        member("undoName", handler.undoName)
        member("live", live)
    }

    package struct ValidationBody: WireObject {
        package let validation: Validation

        package func members(_ member: inout JSONObjectWriter) {
            member("enabled", validation.isEnabled)
            member("state", validation.state.rawValue)
            member("title", validation.title)
            member("hidden", validation.isHidden)
        }
    }
}
