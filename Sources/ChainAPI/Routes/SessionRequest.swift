import ChainHTTP
import ChainModel
import ChainService

/// A request on a session's own path, with that session, authenticated.
package struct SessionRequest: Sendable {
    package let route: RouteRequest
    package let session: LiveSession

    package var http: HTTPRequest { route.http }
    package var explain: Bool { route.explain }
    package var dryRun: Bool { route.dryRun }
    package func jsonObject(maxDepth: Int) throws(Problem) -> JSON { try route.jsonObject(maxDepth: maxDepth) }

    /// What a request on a session that ended after its token was checked is answered.
    package static let endedProblem = Problem(SessionError.ended)

    /// Answers `respond` as any request on an ended session is answered.
    package static func ended(_ respond: Route.Respond) -> @Sendable () -> Void {
        { respond(endedProblem.response) }
    }
}
