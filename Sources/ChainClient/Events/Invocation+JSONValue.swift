extension Invocation {
    /// From a parsed `invoke` event, as `init(from:)` would decode it.
    init(json: JSONValue) throws(JSONMembers.Mismatch) {
        let object = try JSONMembers(json)
        call = try object.string("call")
        handler = try object.string("handler")
        action = try object.string("action")
        args = try object.value("args")
        responder = try object.string("responder")
        context = try Context(json: object.value("context"))
        deadline = try object.string("deadline")
    }
}

extension Invocation.Context {
    init(json: JSONValue) throws(JSONMembers.Mismatch) {
        let object = try JSONMembers(json)
        window = try object.optionalString("window")
        selection = try object.strings("selection")
        selectionCount = try object.int("selectionCount")
        image = try object.optionalString("image")
    }
}
