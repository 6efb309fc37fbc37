import ChainHTTP
import ChainModel
import ChainService

/// Watched controls: what a client shows outside its menus (toolbar buttons), declared as a
/// whole set, stored with the session's handlers, validated as menu items are and pushed in
/// the same `menu` events.
extension HandlerRoutes {
    /// `PUT …/watches`: replaces the session's watched controls; answers them validated, once
    /// stored. An action no responder kind, declaration or handler of the session knows, or a
    /// target the session lacks, is 404, as a well-formed name of nothing is in a command (a
    /// typo would otherwise show a control disabled for ever).
    package func putWatches(_ request: SessionRequest, _ respond: Route.Respond) throws {
        let watches = try WatchesRequest(body: try request.jsonObject(maxDepth: maxJSONDepth), menuBar: menus.menuBar).watches
        let dispatcher = menus.validator.dispatcher
        try change(request, respond, { (handlers, model, _) throws(Problem) in
            for (index, watch) in watches.enumerated() {
                let action = watch.invocation.action
                guard dispatcher.knows(action, in: model) || handlers.actions.contains(action) else {
                    throw Problem(.notFound, "unknown action \"\(action)\"", [
                        (key: "field", value: .string("items[\(index)].action")), (key: "name", value: .string(action)),
                    ])
                }
                if let target = watch.target, !model.contains(target) {
                    throw Problem(.notFound, "no responder \(target) in this session", [
                        (key: "field", value: .string("items[\(index)].target")), (key: "name", value: .string(target.string)),
                    ])
                }
            }
            handlers.watches = watches
        }, answer: { _ in (try? watchesResponse(request.session)) ?? SessionRequest.endedProblem.response })
    }

    /// `GET …/watches`: the watched controls validated now, with an `ETag` that moves with the
    /// session's version (watches included) and the catalog's, as the menu's does.
    package func getWatches(_ request: SessionRequest, _ respond: Route.Respond) throws {
        guard let view = request.session.view else { throw SessionRequest.endedProblem }
        let tag = EntityTag("w" + menus.version(of: view, explain: false).opaque)
        if tag.isMatched(byIfNoneMatch: request.http.header("if-none-match")) { return respond(tag.notModified) }
        respond(try watchesResponse(request.session))
    }

    private func watchesResponse(_ session: LiveSession) throws(Problem) -> HTTPResponse {
        guard let view = session.view else { throw SessionRequest.endedProblem }
        let tag = EntityTag("w" + menus.version(of: view, explain: false).opaque)
        var response = HTTPResponse.json(200, WatchesBody(items: menus.watches(of: view), watches: view.remote.watches))
        response.headers.append(tag.header)
        return response
    }
}
