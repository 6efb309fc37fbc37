import ChainModel

/// One event as a command answer lists it: `{"type": …, …payload}`, written member by
/// member instead of building the event's JSON object first.
package struct EventBody: WireObject {
    package let event: Event

    package init(event: Event) {
        self.event = event
    }

    package func members(_ member: inout JSONObjectWriter) {
        member("type", event.type)
        event.writePayload(&member)
    }
}
