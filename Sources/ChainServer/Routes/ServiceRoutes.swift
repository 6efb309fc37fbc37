/// Health, the API description and metrics: open to anyone, no session.
struct ServiceRoutes: Sendable {
    let metricsRegistry: Metrics
    let sessions: SessionRegistry

    func health(_ request: RouteRequest, _ respond: @escaping Route.Respond) throws {
        respond(.json(200, HealthBody()))
    }

    func openAPI(_ request: RouteRequest, _ respond: @escaping Route.Respond) throws {
        respond(HTTPResponse(status: 200, contentType: "application/json; charset=utf-8", body: PackageResources.openapi_json))
    }

    func metrics(_ request: RouteRequest, _ respond: @escaping Route.Respond) throws {
        let text = metricsRegistry.render(liveSessions: sessions.liveCount)
        respond(HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8", text: text))
    }
}
