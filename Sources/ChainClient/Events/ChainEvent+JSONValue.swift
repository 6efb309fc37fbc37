extension ChainEvent {
    /// The event from its parsed data, for every event but `hello` (once per connection, left
    /// to JSONDecoder); nil when the data does not have the model's shape.
    init?(name: String, json: JSONValue, session: ChainSession) {
        do throws(JSONMembers.Mismatch) {
            switch name {
            case "command": self = .command(try CommandAnswer(json: json))
            case "menu": self = .menu(try MenuChange(json: json))
            case "catalog": self = .catalog(try CatalogChange(json: json))
            case "invoke":
                var invocation = try Invocation(json: json)
                invocation.session = session
                self = .invoke(invocation)
            case "view": self = .view(json)
            case "presence": self = .presence(json)
            case "ended": self = .ended(reason: json["reason"]?.stringValue ?? "")
            case "hello": return nil
            default: self = .other(name: name, data: json)
            }
        } catch {
            return nil
        }
    }
}

extension ChainEvent.MenuChange {
    init(json: JSONValue) throws(JSONMembers.Mismatch) {
        let object = try JSONMembers(json)
        etag = try object.string("etag")
        var items: [ItemValidation] = []
        for item in try object.array("items") { items.append(try ItemValidation(json: item)) }
        self.items = items
        added = try object.optionalArray("added")
        removed = try object.optionalStrings("removed")
    }
}

extension ChainEvent.CatalogChange {
    init(json: JSONValue) throws(JSONMembers.Mismatch) {
        let object = try JSONMembers(json)
        catalogVersion = try object.int("catalogVersion")
        images = try object.array("images")
        count = try object.int("count")
        truncated = try object.bool("truncated")
    }
}
