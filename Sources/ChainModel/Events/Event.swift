/// Something a command made happen, sent up the chain from the responder that emitted it.
public struct Event: Sendable, Equatable {
    public var type: String
    /// The event's members besides `type`, as they go on the wire.
    public var payload: [(key: String, value: JSON)] {
        get {
            switch body {
            case .members(let members): members
            case .attributeChanged(let changes, let index): Self.members(of: changes.segments[index])
            }
        }
        set { body = .members(newValue) }
    }
    /// What `payload` is made from.
    var body: Body
    /// A broadcast is seen by every responder up the chain: it cannot be consumed or replaced.
    public var isBroadcast: Bool
    /// The responder that emitted it; the chain walk sets it when it is `nil`.
    public var source: ResponderPath?

    /// An event's members, or the change they are written from. Every rating, label and
    /// flag emits an attribute change: kept as its change set (one reference, shared with
    /// the command's) and the segment's index, its members are written straight onto the
    /// wire (`writePayload`) rather than built as a tree of JSON values per command, and
    /// built only when something reads `payload`.
    enum Body: Sendable {
        case members([(key: String, value: JSON)])
        case attributeChanged(ChangeSet, index: Int)
    }

    public init(type: String, payload: [(key: String, value: JSON)] = [], isBroadcast: Bool = false, source: ResponderPath? = nil) {
        self.type = type
        self.body = .members(payload)
        self.isBroadcast = isBroadcast
        self.source = source
    }

    public static func == (lhs: Event, rhs: Event) -> Bool {
        lhs.type == rhs.type && JSON.object(lhs.payload) == JSON.object(rhs.payload)
            && lhs.isBroadcast == rhs.isBroadcast && lhs.source == rhs.source
    }

    /// `{"type": …, …payload}`.
    public var json: JSON { .object([(key: "type", value: .string(type))] + payload) }

    /// Writes `payload`'s members, the same bytes as writing them one by one.
    package func writePayload(_ member: inout JSONObjectWriter) {
        switch body {
        case .members(let members):
            member.members(members)
        case .attributeChanged(let changes, let index):
            let segment = changes.segments[index]
            member("images", ChangedImages(segment: segment, limit: Self.listLimit))
            member("count", JSON.number(Double(segment.images.count)))
            member("truncated", segment.images.count > Self.listLimit)
        }
    }
}

extension Event {
    /// The most images an event lists; a larger change says `count` and `truncated`.
    public static let listLimit = 1_000

    /// `ratingChanged`, `labelChanged`, …: the images of one segment with their new value.
    public static func attributeChanged(_ segment: ChangeSet.Segment) -> Event {
        // A change set keeps no empty segment.
        guard !segment.images.isEmpty else { return Event(type: segment.attribute.eventType, payload: members(of: segment)) }
        return attributeChanged(ChangeSet([segment]), segment: 0)
    }

    /// The change of segment `index` of `changes`.
    static func attributeChanged(_ changes: ChangeSet, segment index: Int) -> Event {
        var event = Event(type: changes.segments[index].attribute.eventType)
        event.body = .attributeChanged(changes, index: index)
        return event
    }

    /// `attributeChanged`'s members: `images` (each `{"id": …, "<attribute>": value}`, at
    /// most `listLimit`), `count` and `truncated`.
    static func members(of segment: ChangeSet.Segment) -> [(key: String, value: JSON)] {
        let attribute = segment.attribute
        let name = attribute.name
        var images: [JSON] = []
        images.reserveCapacity(min(segment.images.count, listLimit))
        for id in segment.images {
            guard images.count < listLimit else { break }
            // Members spelt out: a dictionary literal would build each object twice.
            images.append(.object([
                (key: "id", value: .string(id.description)), (key: name, value: attribute.json(segment.code(at: images.count))),
            ]))
        }
        return [
            (key: "images", value: .array(images)),
            (key: "count", value: .number(Double(segment.images.count))),
            (key: "truncated", value: .bool(segment.images.count > listLimit)),
        ]
    }

    public static func selectionChanged(grid: ResponderPath, selection: ImageSelection) -> Event {
        Event(type: "selectionChanged", payload: [
            (key: "grid", value: .string(grid.string)),
            (key: "count", value: .number(Double(selection.count))),
            (key: "selection", value: .array(selection.prefix(listLimit).map { .string($0.description) })),
            (key: "truncated", value: .bool(selection.count > listLimit)),
        ])
    }

    public static func imageShown(viewer: ResponderPath, image: ImageID?) -> Event {
        Event(type: image == nil ? "viewerClosed" : "imageShown", payload: [
            (key: "viewer", value: .string(viewer.string)),
            (key: "image", value: image.map { .string($0.description) } ?? .null),
        ])
    }

    public static func focusChanged(from old: ResponderPath, to new: ResponderPath) -> Event {
        Event(type: "focusChanged", payload: [(key: "from", value: .string(old.string)), (key: "to", value: .string(new.string))])
    }

    /// Window lifecycle events are broadcasts: every responder on the chain learns of them.
    public static func windowOpened(_ window: Window) -> Event {
        Event(type: "windowOpened", payload: [
            (key: "window", value: .string(window.id)), (key: "kind", value: .string(window.windowKind.rawValue)),
        ], isBroadcast: true)
    }

    public static func windowClosed(_ id: String) -> Event {
        Event(type: "windowClosed", payload: [(key: "window", value: .string(id))], isBroadcast: true)
    }
}

extension Event {
    /// A window started following a session, or stopped (`session` `nil`).
    public static func followingChanged(window: String, session: String?) -> Event {
        Event(type: "followingChanged", payload: [
            (key: "window", value: .string(window)), (key: "session", value: session.map { .string($0) } ?? .null),
        ])
    }
}
