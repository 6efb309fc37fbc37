import ChainModel
import ChainService
import Testing

/// An event as a command answer lists it: attribute changes are written from their change
/// set, and must read exactly as their members written one by one.
@Suite("Event bodies")
struct EventBodyTests {
    static func text(_ value: some WireObject) -> String {
        String(decoding: value.encoded(), as: UTF8.self)
    }

    /// The same event's members written one by one, as `EventBody` wrote every event before
    /// attribute changes were kept as their change set.
    struct MembersBody: WireObject {
        let event: Event

        func members(_ member: inout JSONObjectWriter) {
            member("type", event.type)
            member.members(event.payload)
        }
    }

    @Test func anAttributeChangeIsWrittenAsItsMembersWouldBe() {
        let many = ImageSelection(runs: [.init(first: 10, count: Event.listLimit + 5)])
        let changes = ChangeSet([
            .init(attribute: Rating.attribute, images: ImageSelection([ImageID(3), ImageID(4), ImageID(9)]), values: .each([5, 0, 2])),
            .init(attribute: ColorLabel.attribute, images: .one(ImageID(7)), values: .all(ColorLabel.red.code)),
            .init(attribute: Flag.attribute, images: many, values: .all(Flag.pick.code)),
        ])
        let events = changes.segments.map(Event.attributeChanged)
        for event in events {
            #expect(Self.text(EventBody(event: event)) == Self.text(MembersBody(event: event)))
        }
        #expect(Self.text(EventBody(event: events[0])) ==
            #"{"type":"ratingChanged","images":[{"id":"img-3","rating":5},{"id":"img-4","rating":0},{"id":"img-9","rating":2}],"count":3,"truncated":false}"#)
        #expect(Self.text(EventBody(event: events[1])) ==
            #"{"type":"labelChanged","images":[{"id":"img-7","label":"red"}],"count":1,"truncated":false}"#)
        let truncated = Self.text(EventBody(event: events[2]))
        #expect(truncated.hasSuffix(#""count":1005,"truncated":true}"#))
        #expect(truncated.components(separatedBy: #""flag":"pick""#).count == Event.listLimit + 1)
        // Read, the payload is the same members; replaced, it is what was set.
        var replaced = events[1]
        replaced.payload = [(key: "note", value: .string("replaced"))]
        #expect(Self.text(EventBody(event: replaced)) == #"{"type":"labelChanged","note":"replaced"}"#)
        #expect(events[0] == Event(type: "ratingChanged", payload: events[0].payload))
    }
}
