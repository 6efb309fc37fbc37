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
        ] + contributions(of: handler))
    }

    /// A handler's menu items and key bindings, left out when it has none.
    private static func contributions(of handler: RemoteHandler) -> [(key: String, value: JSON)] {
        var members: [(key: String, value: JSON)] = []
        if !handler.menuItems.isEmpty {
            members.append((key: "menuItems", value: .array(handler.menuItems.map { item in
                .object([
                    (key: "id", value: .string(item.id)), (key: "menu", value: .string(item.menu)),
                    (key: "after", value: item.after.map(JSON.string) ?? .null), (key: "title", value: .string(item.title)),
                    (key: "args", value: item.arguments.json),
                ] + key(item.keyEquivalent))
            })))
        }
        if !handler.keyBindings.isEmpty {
            members.append((key: "keyBindings", value: .array(handler.keyBindings.map { binding in
                .object([(key: "args", value: binding.arguments.json)] + key(binding.key))
            })))
        }
        return members
    }

    private static func key(_ key: KeyEquivalent?) -> [(key: String, value: JSON)] {
        guard let key else { return [] }
        return [(key: "key", value: .string(key.key)), (key: "modifiers", value: .array(key.modifiers.nameList.map(JSON.string)))]
    }

    private static func key(in json: JSON) throws(SessionStateCoding.Malformed) -> KeyEquivalent? {
        guard let name = json["key"]?.stringValue else { return nil }
        let names = (json["modifiers"]?.arrayValue ?? []).compactMap(\.stringValue)
        guard let modifiers = try? Modifiers(names: names) else { throw .init(reason: "a stored key has an unknown modifier") }
        return KeyEquivalent(key: name, modifiers: modifiers)
    }

    private static func contributedItems(_ json: JSON?) throws(SessionStateCoding.Malformed) -> [ContributedItem] {
        guard let list = json?.arrayValue else { return [] }
        return try list.map { (item) throws(SessionStateCoding.Malformed) in
            guard let id = item["id"]?.stringValue, let menu = item["menu"]?.stringValue, let title = item["title"]?.stringValue,
                  let args = item["args"]?.objectMembers
            else { throw .init(reason: "a stored menu item is missing a member") }
            return ContributedItem(
                id: id, menu: menu, after: item["after"]?.stringValue, title: title, arguments: Arguments(args),
                keyEquivalent: try key(in: item))
        }
    }

    private static func contributedBindings(_ json: JSON?) throws(SessionStateCoding.Malformed) -> [ContributedBinding] {
        guard let list = json?.arrayValue else { return [] }
        return try list.map { (binding) throws(SessionStateCoding.Malformed) in
            guard let key = try key(in: binding), let args = binding["args"]?.objectMembers else {
                throw .init(reason: "a stored key binding is missing a member")
            }
            return ContributedBinding(key: key, arguments: Arguments(args))
        }
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
            undoName: json["undoName"]?.stringValue, menuItems: try contributedItems(json["menuItems"]),
            keyBindings: try contributedBindings(json["keyBindings"]))
    }
}
