/// Health, the API description and metrics: open to anyone, no session.
enum ServiceRoutes {
    static let health: Route.Handler = { _, respond in
        respond(.json(200, ["status": "ok"]))
    }

    static let openAPI: Route.Handler = { _, respond in
        respond(HTTPResponse(status: 200, contentType: "application/json; charset=utf-8", body: PackageResources.openapi_json))
    }

    static let metrics: Route.Handler = { request, respond in
        let service = request.service
        let text = service.metrics.render(liveSessions: service.sessions.liveCount)
        respond(HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8", text: text))
    }
}
