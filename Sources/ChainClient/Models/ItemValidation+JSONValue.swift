extension ItemValidation {
    /// From a parsed `menu` event's item, as `init(from:)` would decode it.
    init(json: JSONValue) throws(JSONMembers.Mismatch) {
        let object = try JSONMembers(json)
        id = try object.string("id")
        title = try object.optionalString("title")
        action = try object.optionalString("action")
        args = object.optionalValue("args")
        enabled = try object.bool("enabled")
        state = try object.string("state")
        hidden = try object.bool("hidden")
        target = try object.optionalString("target")
    }
}
