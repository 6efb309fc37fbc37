import ChainModel

/// One event as a command answer lists it: `{"type": …, …payload}`, written member by
/// member instead of building the event's JSON object first.
struct EventBody: WireObject {
    let event: Event

    func members(_ member: inout JSONObjectWriter) {
        member("type", event.type)
        member.members(event.payload)
    }
}
