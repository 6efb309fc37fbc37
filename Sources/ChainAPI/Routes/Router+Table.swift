extension Router {
    /// Every endpoint. `/openapi.json` documents exactly these (a test compares them).
    package static func table(
        service: ServiceRoutes, sessions: SessionRoutes, commands: CommandRoutes, images: ImageRoutes, thumbnails: ThumbnailRoutes,
        previews: PreviewRoutes, events: EventRoutes, handlers: HandlerRoutes, grid: GridRoutes, web: WebRoutes,
        presence: PresenceRoutes
    ) -> [Route] {
        [
            .open("GET", "/", web.index),
            .open("GET", "/web/{file}", web.file),
            .open("GET", "/healthz", service.health),
            .open("GET", "/openapi.json", service.openAPI),
            .open("GET", "/metrics", service.metrics),
            .open("POST", "/v1/sessions", sessions.create),
            .ownSession("GET", "/v1/sessions/{id}", sessions.show),
            .ownSession("DELETE", "/v1/sessions/{id}", sessions.end),
            .ownSession("GET", "/v1/sessions/{id}/menu", sessions.menu),
            .ownSession("GET", "/v1/sessions/{id}/selection", sessions.selection),
            .ownSession("GET", "/v1/sessions/{id}/grid", grid.page),
            .ownSession("POST", "/v1/sessions/{id}/commands", commands.command),
            .ownSession("POST", "/v1/sessions/{id}/keys", commands.key),
            .ownSession("GET", "/v1/sessions/{id}/keys", sessions.keys),
            .ownSession("GET", "/v1/sessions/{id}/context-menu", sessions.contextMenu),
            .ownSession("PUT", "/v1/sessions/{id}/watches", handlers.putWatches),
            .ownSession("GET", "/v1/sessions/{id}/watches", handlers.getWatches),
            .ownSession("GET", "/v1/sessions/{id}/events", events.events),
            .ownSession("POST", "/v1/sessions/{id}/handlers", handlers.register),
            .ownSession("GET", "/v1/sessions/{id}/handlers", handlers.list),
            .ownSession("PATCH", "/v1/sessions/{id}/handlers/{handler}", handlers.update),
            .ownSession("DELETE", "/v1/sessions/{id}/handlers/{handler}", handlers.remove),
            .ownSession("POST", "/v1/sessions/{id}/calls/{call}", handlers.answer),
            .anySession("GET", "/v1/images", session: images.list),
            .anySession("GET", "/v1/images/{id}", session: images.show),
            .anySession("GET", "/v1/images/{id}/thumbnail", thumbnails.thumbnail),
            .anySession("GET", "/v1/images/{id}/preview", session: previews.preview),
            .anySession("GET", "/v1/images/{id}/region", previews.region),
            .anySession("GET", "/v1/presence", presence.list),
            .anySession("GET", "/v1/images/{id}/history", images.history),
        ]
    }
}
