import ChainHTTP
import ChainModel
import ChainService
import Foundation

/// `GET /v1/sessions/{id}/events`: the session's event stream, resumed from `Last-Event-ID`
/// when it names an event the session still holds.
package struct EventRoutes: Sendable {
    package let live: LiveEvents

    package init(live: LiveEvents) {
        self.live = live
    }

    package func events(_ request: SessionRequest, _ respond: Route.Respond) throws {
        // A value that is not an event id of ours is read as none: the client starts afresh.
        let lastEventID = request.http.header("last-event-id").flatMap { UInt64($0.trimmingCharacters(in: .whitespaces)) }
        let stream = HTTPStream()
        live.open(stream, on: request.session, lastEventID: lastEventID) { refused in
            if let refused { return respond(Problem(refused).response) }
            var response = HTTPResponse(status: 200, contentType: "text/event-stream", stream: stream)
            response.headers += [
                HTTPResponse.Header(name: "Cache-Control", value: "no-store"),
                HTTPResponse.Header(name: "X-Accel-Buffering", value: "no"),
            ]
            respond(response)
        }
    }
}
