import ChainHTTP
import ChainModel
import ChainService
import ChainSupport

/// `GET /v1/presence`: every live session of the catalog (on every instance sharing it),
/// the caller's own included, with what each looks at; an `ETag` that changes with any entry,
/// so `If-None-Match` answers 304 without a body.
package struct PresenceRoutes: Sendable {
    package let board: PresenceBoard
    /// Tells this process's tags from another's (the board's version starts again at 1).
    private let epoch = String(SecureRandom.id().prefix(8))

    package init(board: PresenceBoard) {
        self.board = board
    }

    package func list(_ request: RouteRequest, _ respond: Route.Respond) throws {
        let (sessions, version) = board.entries
        let tag = EntityTag("p" + epoch + "-" + String(version))
        if tag.isMatched(byIfNoneMatch: request.http.header("if-none-match")) { return respond(tag.notModified) }
        var response = HTTPResponse.json(200, PresenceBody(sessions: sessions))
        response.headers.append(tag.header)
        respond(response)
    }
}
