import ChainModel

/// An `invoke` event: a call to one of the session's remote handlers, with the context the
/// client needs to perform it and the time it must answer by.
package struct InvokeBody: WireObject {
    package let call: String
    package let remote: RemoteCall
    package let deadline: String

    package func members(_ member: inout JSONObjectWriter) {
        member("call", call)
        member("handler", remote.handler.id)
        member("action", remote.invocation.action)
        member("args", remote.invocation.arguments.json)
        member("responder", remote.handler.responder)
        member("context", ContextBody(remote: remote))
        member("deadline", deadline)
    }

    package struct ContextBody: WireObject {
        package let remote: RemoteCall

        package func members(_ member: inout JSONObjectWriter) {
            member("window", remote.window)
            member("selection", remote.selection.prefix(Event.listLimit))
            member("selectionCount", remote.selection.count)
            member("image", remote.image)
        }
    }
}
