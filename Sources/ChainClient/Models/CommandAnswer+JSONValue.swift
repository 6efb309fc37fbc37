extension CommandAnswer {
    /// From a parsed `command` event, as `init(from:)` would decode it; a `session` member
    /// (answers have one, events carry `version`) is left to JSONDecoder.
    init(json: JSONValue) throws(JSONMembers.Mismatch) {
        let object = try JSONMembers(json)
        guard object.optionalValue("session") == nil else { throw JSONMembers.Mismatch() }
        action = try object.string("action")
        handledBy = try object.optionalString("handledBy")
        result = try object.value("result")
        events = try object.array("events")
        session = nil
        version = try object.optionalInt("version")
        advanced = object.optionalValue("advanced")
        resolvedBy = object.optionalValue("resolvedBy")
        conflicts = try object.optionalArray("conflicts")
        steps = try object.optionalArray("steps")
        trace = try object.optionalArray("trace")
        caught = try object.optionalArray("caught")
    }
}
