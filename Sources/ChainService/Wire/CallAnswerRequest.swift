import ChainModel

/// `POST …/calls/{call}`: `{"result"}`, `{"result", "changes"}` or `{"error": {"title",
/// "detail"}}`. Changes name catalog images and give each at least one attribute a valid
/// value; all are checked before the call is settled, so a bad answer changes nothing and
/// leaves the call open.
package struct CallAnswerRequest: Sendable {
    package static let maxChanges = 10_000
    package static let maxTitleLength = 200
    package static let maxDetailLength = 2000

    package let answer: RemoteAnswer

    package init(body: JSON, catalog: any CatalogReading) throws(InvalidInput) {
        let members = body.objectMembers ?? []
        if let stray = members.first(where: { !["result", "changes", "error"].contains($0.key) }) {
            throw InvalidInput(String(stray.key.prefix(40)), "unexpected member \"\(stray.key.prefix(40))\"; an answer has result and changes, or error")
        }
        if let error = body["error"] {
            guard body["result"] == nil, body["changes"] == nil else {
                throw InvalidInput("error", "an answer has either error, or result and changes, not both")
            }
            answer = try Self.error(error)
            return
        }
        guard body["result"] != nil || body["changes"] != nil else {
            throw InvalidInput("result", "an answer has result (and changes), or error")
        }
        var result: [(key: String, value: JSON)] = []
        if let value = body["result"], value != .null {
            guard let members = value.objectMembers else { throw InvalidInput("result", "result must be an object, not \(value.kindName)") }
            result = members
        }
        var changes: [ImageChange] = []
        if let value = body["changes"], value != .null {
            changes = try Self.changes(value, catalog: catalog)
        }
        answer = .performed(result: result, changes: changes)
    }

    private static func error(_ json: JSON) throws(InvalidInput) -> RemoteAnswer {
        guard let members = json.objectMembers else { throw InvalidInput("error", "error must be an object, not \(json.kindName)") }
        if let stray = members.first(where: { !["title", "detail"].contains($0.key) }) {
            throw InvalidInput("error.\(stray.key.prefix(40))", "unexpected member \"\(stray.key.prefix(40))\"; an error has title and detail")
        }
        guard let title = json["title"]?.stringValue, !title.isEmpty, title.count <= maxTitleLength else {
            throw InvalidInput("error.title", "error.title must be a string of 1 to \(maxTitleLength) characters")
        }
        var detail = ""
        if let value = json["detail"], value != .null {
            guard let text = value.stringValue, text.count <= maxDetailLength else {
                throw InvalidInput("error.detail", "error.detail must be a string of at most \(maxDetailLength) characters")
            }
            detail = text
        }
        return .refused(title: title, detail: detail)
    }

    private static func changes(_ json: JSON, catalog: any CatalogReading) throws(InvalidInput) -> [ImageChange] {
        guard let items = json.arrayValue else { throw InvalidInput("changes", "changes must be an array, not \(json.kindName)") }
        guard items.count <= maxChanges else {
            throw InvalidInput("changes", "an answer changes at most \(maxChanges) images; it has \(items.count)")
        }
        var changes: [ImageChange] = []
        changes.reserveCapacity(items.count)
        var seen = Set<ImageID>()
        for (index, item) in items.enumerated() {
            let field = "changes[\(index)]"
            guard let members = item.objectMembers else { throw InvalidInput(field, "\(field) must be an object, not \(item.kindName)") }
            guard let text = item["image"]?.stringValue, let id = ImageID(text) else {
                throw InvalidInput("\(field).image", "\(field).image must be an image id like \"img-1\"")
            }
            guard catalog.contains(id) else {
                throw InvalidInput("\(field).image", "\(field).image: no image \(id) in the catalog", extra: [
                    (key: "name", value: .string(id.description)),
                ])
            }
            guard seen.insert(id).inserted else { throw InvalidInput("\(field).image", "\(id) is changed twice in one answer") }
            var values = AttributeValues()
            for (key, value) in members where key != "image" {
                guard let attribute = Attribute.named(key) else {
                    throw InvalidInput("\(field).\(key.prefix(40))", "unexpected member \"\(key.prefix(40))\"; a change has image and any of " + Attribute.all.map(\.name).joined(separator: ", "))
                }
                do throws(ArgumentError) {
                    values[attribute] = try attribute.code(value, field: "\(field).\(key)")
                } catch {
                    throw InvalidInput(error.field, error.description)
                }
            }
            guard !values.isEmpty else {
                throw InvalidInput(field, "\(field) sets nothing; give it at least one of " + Attribute.all.map(\.name).joined(separator: ", "))
            }
            changes.append(ImageChange(id: id, values: values))
        }
        return changes
    }
}
