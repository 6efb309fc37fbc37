/// `GET /v1/sessions/{id}/events`: the session's event stream, resumed from `Last-Event-ID`
/// when it names an event the session still holds.
struct EventRoutes: Sendable {
    let live: LiveEvents

    func events(_ request: SessionRequest, _ respond: @escaping Route.Respond) throws {
        // A value that is not an event id of ours is read as none: the client starts afresh.
        let lastEventID = request.http.header("last-event-id").flatMap { UInt64($0.trimmingCharacters(in: .whitespaces)) }
        live.open(request.session, lastEventID: lastEventID, respond: respond)
    }
}
