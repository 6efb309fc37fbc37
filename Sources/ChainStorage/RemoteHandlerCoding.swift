import ChainModel

/// A session's remote handlers as stored, with the counters the session's version and the
/// next handler id come from:
/// `{"changes": 2, "made": 2, "handlers": [{"id": "h-1", "responder": "main/grid",
///   "action": "exportSelection", "validation": {"enabled": true, "state": "off",
///   "title": null, "hidden": false, "reason": null}, "undoName": null}]}`.
package enum RemoteHandlerCoding {
    package struct Record: Sendable, Equatable {
        package var handlers: [RemoteHandler] = []
        /// Changes made to the handlers, counted into the version clients see.
        package var changes = 0
        /// Handlers ever made, so ids are never reused.
        package var made = 0

        package init(handlers: [RemoteHandler] = [], changes: Int = 0, made: Int = 0) {
            self.handlers = handlers
            self.changes = changes
            self.made = made
        }
    }

    package static func encode(_ record: Record) -> [UInt8] {
        JSON.object([
            (key: "changes", value: .number(Double(record.changes))),
            (key: "made", value: .number(Double(record.made))),
            (key: "handlers", value: .array(record.handlers.map(Self.json))),
        ]).encoded()
    }

    /// An empty byte string is a session no handler was ever registered on.
    package static func decode(_ bytes: [UInt8]) throws(SessionStateCoding.Malformed) -> Record {
        guard !bytes.isEmpty else { return Record() }
        let json: JSON
        do { json = try JSONParser.parse(bytes) } catch { throw .init(reason: error.description) }
        guard let changes = json["changes"]?.intValue, let made = json["made"]?.intValue, let list = json["handlers"]?.arrayValue else {
            throw .init(reason: "the handlers record is missing a member")
        }
        return Record(handlers: try list.map(Self.handler), changes: changes, made: made)
    }

    private static func json(_ handler: RemoteHandler) -> JSON {
        let validation = handler.validation
        return .object([
            (key: "id", value: .string(handler.id)),
            (key: "responder", value: .string(handler.responder.string)),
            (key: "action", value: .string(handler.action)),
            (key: "validation", value: .object([
                (key: "enabled", value: .bool(validation.isEnabled)),
                (key: "state", value: .string(validation.state.rawValue)),
                (key: "title", value: validation.title.map(JSON.string) ?? .null),
                (key: "hidden", value: .bool(validation.isHidden)),
                (key: "reason", value: validation.reason.map(JSON.string) ?? .null),
            ])),
            (key: "undoName", value: handler.undoName.map(JSON.string) ?? .null),
        ])
    }

    private static func handler(_ json: JSON) throws(SessionStateCoding.Malformed) -> RemoteHandler {
        guard let id = json["id"]?.stringValue, let path = json["responder"]?.stringValue.flatMap(ResponderPath.init(parsing:)),
              let action = json["action"]?.stringValue, let validation = json["validation"],
              case .bool(let enabled)? = validation["enabled"], case .bool(let hidden)? = validation["hidden"],
              let state = validation["state"]?.stringValue.flatMap(CheckState.init(rawValue:))
        else { throw .init(reason: "a stored handler is missing a member") }
        return RemoteHandler(
            id: id, responder: path, action: action,
            validation: Validation(
                isEnabled: enabled, state: state, title: validation["title"]?.stringValue, isHidden: hidden,
                reason: validation["reason"]?.stringValue),
            undoName: json["undoName"]?.stringValue)
    }
}
