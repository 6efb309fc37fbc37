import ChainModel

/// A session's remote handlers as stored, with the controls its clients watch (`"watches"`,
/// left out when there are none) and the counters the session's version and the next
/// handler id come from:
/// `{"changes": 2, "made": 2, "handlers": [{"id": "h-1", "responder": "main/grid",
///   "action": "exportSelection", "validation": {"enabled": true, "state": "off",
///   "title": null, "hidden": false, "reason": null}, "undoName": null}]}`.
package enum RemoteHandlerCoding {
    package struct Record: Sendable, Equatable {
        package var handlers: [RemoteHandler] = []
        package var watches: [WatchedControl] = []
        /// Changes made to the handlers, counted into the version clients see.
        package var changes = 0
        /// Handlers ever made, so ids are never reused.
        package var made = 0

        package init(handlers: [RemoteHandler] = [], watches: [WatchedControl] = [], changes: Int = 0, made: Int = 0) {
            self.handlers = handlers
            self.watches = watches
            self.changes = changes
            self.made = made
        }
    }

    package static func encode(_ record: Record) -> [UInt8] {
        var members: [(key: String, value: JSON)] = [
            (key: "changes", value: .number(Double(record.changes))),
            (key: "made", value: .number(Double(record.made))),
            (key: "handlers", value: .array(record.handlers.map(Self.json))),
        ]
        if !record.watches.isEmpty { members.append((key: "watches", value: .array(record.watches.map(Self.json)))) }
        return JSON.object(members).encoded()
    }

    /// An empty byte string is a session no handler was ever registered on.
    package static func decode(_ bytes: [UInt8]) throws(SessionStateCoding.Malformed) -> Record {
        guard !bytes.isEmpty else { return Record() }
        let json: JSON
        do { json = try JSONParser.parse(bytes) } catch { throw .init(reason: error.description) }
        guard let changes = json["changes"]?.intValue, let made = json["made"]?.intValue, let list = json["handlers"]?.arrayValue else {
            throw .init(reason: "the handlers record is missing a member")
        }
        var watches: [WatchedControl] = []
        if let stored = json["watches"] {
            guard let entries = stored.arrayValue else { throw .init(reason: "the watches are not a list") }
            watches = try entries.map(Self.watch)
        }
        return Record(handlers: try list.map(Self.handler), watches: watches, changes: changes, made: made)
    }

    private static func json(_ watch: WatchedControl) -> JSON {
        .object([
            (key: "id", value: .string(watch.id)),
            (key: "title", value: watch.title.map(JSON.string) ?? .null),
            (key: "action", value: .string(watch.invocation.action)),
            (key: "args", value: watch.invocation.arguments.json),
            (key: "target", value: watch.target.map { .string($0.string) } ?? .null),
        ])
    }

    private static func watch(_ json: JSON) throws(SessionStateCoding.Malformed) -> WatchedControl {
        guard let id = json["id"]?.stringValue, let action = json["action"]?.stringValue, let args = json["args"]?.objectMembers
        else { throw .init(reason: "a stored watch is missing a member") }
        var target: ResponderPath?
        if let text = json["target"]?.stringValue {
            guard let path = ResponderPath(parsing: text) else { throw .init(reason: "a stored watch's target is not a path") }
            target = path
        }
        return WatchedControl(
            id: id, title: json["title"]?.stringValue, invocation: Invocation(action: action, arguments: Arguments(args)), target: target)
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
