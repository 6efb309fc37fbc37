import ChainModel

/// A remote handler as its client registered it, with its validation in full and whether
/// it is live (its session has an event stream open).
struct RemoteHandlerBody: WireObject {
    let handler: RemoteHandler
    let live: Bool

    func members(_ member: inout JSONObjectWriter) {
        member("id", handler.id)
        member("responder", handler.responder)
        member("action", handler.action)
        member("validation", ValidationBody(validation: handler.validation))
        member("undoName", handler.undoName)
        member("live", live)
    }

    struct ValidationBody: WireObject {
        let validation: Validation

        func members(_ member: inout JSONObjectWriter) {
            member("enabled", validation.isEnabled)
            member("state", validation.state.rawValue)
            member("title", validation.title)
            member("hidden", validation.isHidden)
        }
    }
}
