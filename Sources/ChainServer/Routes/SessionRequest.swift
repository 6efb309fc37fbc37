import ChainModel

/// A request on a session's own path, with that session, authenticated.
struct SessionRequest: Sendable {
    let route: RouteRequest
    let session: LiveSession

    var http: HTTPRequest { route.http }
    var explain: Bool { route.explain }
    func jsonObject(maxDepth: Int) throws(Problem) -> JSON { try route.jsonObject(maxDepth: maxDepth) }

    /// What a request on a session that ended after its token was checked is answered.
    static let endedProblem = Problem(.unauthorized, "the session ended before this request's turn came")

    /// Answers `respond` as any request on an ended session is answered.
    static func ended(_ respond: @escaping Route.Respond) -> @Sendable () -> Void {
        { respond(endedProblem.response) }
    }
}
