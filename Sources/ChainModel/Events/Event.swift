/// Something a command made happen, sent up the chain from the responder that emitted it.
public struct Event: Sendable, Equatable {
    public var type: String
    /// The event's members besides `type`, as they go on the wire.
    public var payload: [(key: String, value: JSON)]
    /// A broadcast is seen by every responder up the chain: it cannot be consumed or replaced.
    public var isBroadcast: Bool
    /// The responder that emitted it; the chain walk sets it when it is `nil`.
    public var source: ResponderPath?

    public init(type: String, payload: [(key: String, value: JSON)] = [], isBroadcast: Bool = false, source: ResponderPath? = nil) {
        self.type = type
        self.payload = payload
        self.isBroadcast = isBroadcast
        self.source = source
    }

    public static func == (lhs: Event, rhs: Event) -> Bool {
        lhs.type == rhs.type && JSON.object(lhs.payload) == JSON.object(rhs.payload)
            && lhs.isBroadcast == rhs.isBroadcast && lhs.source == rhs.source
    }

    /// `{"type": …, …payload}`.
    public var json: JSON { .object([(key: "type", value: .string(type))] + payload) }
}

extension Event {
    /// The most images an event lists; a larger change says `count` and `truncated`.
    public static let listLimit = 1_000

    /// `ratingChanged`, `labelChanged`, …: the images of one segment with their new value.
    public static func attributeChanged(_ segment: ChangeSet.Segment) -> Event {
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
        return Event(type: attribute.eventType, payload: [
            (key: "images", value: .array(images)),
            (key: "count", value: .number(Double(segment.images.count))),
            (key: "truncated", value: .bool(segment.images.count > listLimit)),
        ])
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
