extension Router {
    /// Every endpoint. `/openapi.json` documents exactly these (a test compares them).
    static let table: [Route] = [
        Route(method: "GET", pattern: "/healthz", access: .open, handle: ServiceRoutes.health),
        Route(method: "GET", pattern: "/openapi.json", access: .open, handle: ServiceRoutes.openAPI),
        Route(method: "GET", pattern: "/metrics", access: .open, handle: ServiceRoutes.metrics),
        Route(method: "POST", pattern: "/v1/sessions", access: .open, handle: SessionRoutes.create),
        Route(method: "GET", pattern: "/v1/sessions/{id}", access: .ownSession, handle: SessionRoutes.show),
        Route(method: "DELETE", pattern: "/v1/sessions/{id}", access: .ownSession, handle: SessionRoutes.end),
        Route(method: "GET", pattern: "/v1/sessions/{id}/menu", access: .ownSession, handle: SessionRoutes.menu),
        Route(method: "POST", pattern: "/v1/sessions/{id}/commands", access: .ownSession, handle: CommandRoutes.command),
        Route(method: "POST", pattern: "/v1/sessions/{id}/keys", access: .ownSession, handle: CommandRoutes.key),
        Route(method: "GET", pattern: "/v1/images", access: .anySession, handle: ImageRoutes.list),
        Route(method: "GET", pattern: "/v1/images/{id}", access: .anySession, handle: ImageRoutes.show),
    ]
}
