import ChainHTTP
import ChainService

/// Health, the API description and metrics: open to anyone, no session.
package struct ServiceRoutes: Sendable {
    /// The OpenAPI document of this API, as `/openapi.json` serves it.
    package static var openAPIDocument: [UInt8] { PackageResources.openapi_json }

    package let metricsRegistry: Metrics
    package let sessions: SessionRegistry

    package init(metricsRegistry: Metrics, sessions: SessionRegistry) {
        self.metricsRegistry = metricsRegistry
        self.sessions = sessions
    }

    package func health(_ request: RouteRequest, _ respond: Route.Respond) throws {
        respond(.json(200, HealthBody()))
    }

    package func openAPI(_ request: RouteRequest, _ respond: Route.Respond) throws {
        respond(HTTPResponse(status: 200, contentType: "application/json; charset=utf-8", body: Self.openAPIDocument))
    }

    package func metrics(_ request: RouteRequest, _ respond: Route.Respond) throws {
        let text = metricsRegistry.render(liveSessions: sessions.liveCount)
        respond(HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8", text: text))
    }
}
