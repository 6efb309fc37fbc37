import ChainModel

/// Creating, reading and ending sessions, and their validated menu. Reads go through the
/// session's queue too, so they never see a command half done.
enum SessionRoutes {
    static let create: Route.Handler = { request, respond in
        let service = request.service
        let created: (session: LiveSession, token: String)
        do throws(SessionRegistry.Full) {
            created = try service.sessions.create(client: request.http.remoteAddress)
        } catch {
            throw Problem(.tooManySessions, error.perClient
                ? "this client holds its maximum of \(service.configuration.maxSessionsPerClient) live sessions; end one first"
                : "the server holds its maximum of \(service.configuration.maxSessions) sessions")
        }
        var body = WireFormat.session(id: created.session.id, created.session.model)
        if case .object(let members) = body {
            body = .object([members[0], (key: "token", value: .string(created.token))] + members.dropFirst())
        }
        var response = HTTPResponse.json(201, body)
        response.headers.append(HTTPResponse.Header(name: "Location", value: "/v1/sessions/\(created.session.id)"))
        service.log.log(.info, "session.created", [(key: "session", value: .string(created.session.id))])
        respond(response)
    }

    static let show: Route.Handler = { request, respond in
        let session = request.session!
        session.submit(respond: respond) { finish in
            respond(.json(200, WireFormat.session(id: session.id, session.model)))
            finish()
        }
    }

    static let end: Route.Handler = { request, respond in
        let session = request.session!
        session.submit(respond: respond) { finish in
            request.service.sessions.end(session)
            request.service.log.log(.info, "session.ended", [(key: "session", value: .string(session.id))])
            respond(HTTPResponse(status: 204))
            finish()
        }
    }

    static let menu: Route.Handler = { request, respond in
        let session = request.session!
        let service = request.service
        session.submit(respond: respond) { finish in
            let model = session.model
            let entries = service.validator.validate(service.menuBar, in: model, catalog: service.catalog, explain: request.explain)
            respond(.json(200, WireFormat.menu(entries, firstResponder: model.firstResponder)))
            finish()
        }
    }
}
