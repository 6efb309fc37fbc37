import ChainModel

/// How model values look on the wire (`../shared/API.md`): the one place that knows.
enum WireFormat {
    static func session(id: String, _ session: Session) -> JSON {
        .object([
            (key: "id", value: .string(id)),
            (key: "firstResponder", value: .string(session.firstResponder.string)),
            (key: "chain", value: .array(session.chain().map { .string($0.string) })),
            (key: "windows", value: .array(session.windows.map(window))),
        ])
    }

    static func window(_ window: Window) -> JSON {
        var members: [(key: String, value: JSON)] = [
            (key: "id", value: .string(window.id)),
            (key: "kind", value: .string(window.windowKind.rawValue)),
        ]
        if let grid = window.grid {
            members.append((key: "grid", value: ["selection": .array(grid.selection.map { .string($0.description) })]))
        }
        members.append((key: "viewer", value: ["image": window.viewer.image.map { .string($0.description) } ?? .null]))
        members.append((key: "undo", value: [
            "undo": window.undoStack.undoName.map(JSON.string) ?? .null,
            "redo": window.undoStack.redoName.map(JSON.string) ?? .null,
        ]))
        return .object(members)
    }

    static func menu(_ entries: [ValidatedMenuEntry], firstResponder: ResponderPath) -> JSON {
        .object([
            (key: "firstResponder", value: .string(firstResponder.string)),
            (key: "menus", value: .array(entries.map(menuEntry))),
        ])
    }

    static func menuEntry(_ entry: ValidatedMenuEntry) -> JSON {
        switch entry {
        case .submenu(let id, let title, let entries):
            return .object([(key: "id", value: .string(id)), (key: "title", value: .string(title)),
                            (key: "items", value: .array(entries.map(menuEntry)))])
        case .item(let validated):
            let item = validated.item
            var members: [(key: String, value: JSON)] = [
                (key: "id", value: .string(item.id)),
                (key: "title", value: .string(validated.title)),
                (key: "action", value: .string(item.action)),
                (key: "args", value: item.arguments.json),
                (key: "identifier", value: .string(Identifier.format(item.invocation, prefix: "menu"))),
                (key: "key", value: item.keyEquivalent.map { .string($0.key) } ?? .null),
                (key: "modifiers", value: .array((item.keyEquivalent?.modifiers.nameList ?? []).map(JSON.string))),
                (key: "enabled", value: .bool(validated.isEnabled)),
                (key: "state", value: .string(validated.state.rawValue)),
                (key: "hidden", value: .bool(validated.isHidden)),
                (key: "target", value: validated.target.map { .string($0.string) } ?? .null),
            ]
            if let trace = validated.trace { members.append((key: "trace", value: self.trace(trace))) }
            return .object(members)
        }
    }

    static func trace(_ steps: [TraceStep]) -> JSON {
        .array(steps.map { step in
            var members: [(key: String, value: JSON)] = [
                (key: "responder", value: .string(step.responder.string)),
                (key: "handles", value: .bool(step.hasHandler)),
            ]
            switch step.verdict {
            case .noHandler: members.append((key: "verdict", value: "no-handler"))
            case .missing: members.append((key: "verdict", value: "missing"))
            case .declined(let reason):
                members += [(key: "verdict", value: "declined"), (key: "reason", value: .string(reason))]
            case .handles(let validation):
                members += [(key: "verdict", value: validation.isEnabled ? "enabled" : "disabled"),
                            (key: "state", value: .string(validation.state.rawValue))]
                if let title = validation.title { members.append((key: "title", value: .string(title))) }
                if let reason = validation.reason { members.append((key: "reason", value: .string(reason))) }
            case .refused(let error):
                members += [(key: "verdict", value: "refused"), (key: "reason", value: .string(error.description))]
            case .redirected(let target):
                members += [(key: "verdict", value: "redirected"), (key: "target", value: .string(target.string))]
            }
            members.append((key: "explanation", value: .string(step.explanation)))
            return .object(members)
        })
    }

    static func outcome(_ outcome: CommandOutcome, sessionID: String, explain: Bool) -> JSON {
        var members: [(key: String, value: JSON)] = [
            (key: "action", value: .string(outcome.action)),
            (key: "handledBy", value: .string(outcome.handledBy.string)),
            (key: "result", value: .object(outcome.result)),
            (key: "events", value: .array(outcome.events.map(\.json))),
            (key: "session", value: session(id: sessionID, outcome.session)),
        ]
        if !outcome.catches.isEmpty {
            members.append((key: "caught", value: .array(outcome.catches.map { caught in
                ["responder": .string(caught.responder.string), "error": .string(caught.caught.description)]
            })))
        }
        if explain { members.append((key: "trace", value: trace(outcome.trace))) }
        return .object(members)
    }

    static func image(_ image: Image) -> JSON {
        var members: [(key: String, value: JSON)] = [
            (key: "id", value: .string(image.id.description)),
            (key: "name", value: .string(image.name)),
            (key: "rating", value: .number(Double(image.rating.value))),
        ]
        if let format = image.format { members.append((key: "format", value: .string(format))) }
        if let width = image.width { members.append((key: "width", value: .number(Double(width)))) }
        if let height = image.height { members.append((key: "height", value: .number(Double(height)))) }
        if let size = image.byteSize { members.append((key: "byteSize", value: .number(Double(size)))) }
        if let path = image.path { members.append((key: "path", value: .string(path))) }
        return .object(members)
    }
}
