import ChainModel

/// Creating, reading and ending sessions, their validated menu and their selections. Reads
/// take the session's turn too, so they never see a command half done.
struct SessionRoutes: Sendable {
    let registry: SessionRegistry
    let menuBar: MenuBar
    let validator: MenuValidator
    let catalog: any CatalogReading & Sendable
    let limits: Limits
    let log: Logger

    struct Limits: Sendable {
        var maxSessions: Int
        var maxSessionsPerClient: Int
        var maxPageSize: Int
    }

    func create(_ request: RouteRequest, _ respond: @escaping Route.Respond) throws {
        let created: (session: LiveSession, token: String)
        do throws(SessionRegistry.Full) {
            created = try registry.create(client: request.http.remoteAddress)
        } catch {
            throw Problem(.tooManySessions, error.perClient
                ? "this client holds its maximum of \(limits.maxSessionsPerClient) live sessions; end one first"
                : "the server holds its maximum of \(limits.maxSessions) sessions")
        }
        var response = HTTPResponse.json(201, SessionBody(id: created.session.id, session: created.session.model, token: created.token))
        response.headers.append(HTTPResponse.Header(name: "Location", value: "/v1/sessions/\(created.session.id)"))
        log.log(.info, "session.created", [(key: "session", value: .string(created.session.id))])
        respond(response)
    }

    func show(_ request: SessionRequest, _ respond: @escaping Route.Respond) throws {
        let id = request.session.id
        request.session.read(ended: SessionRequest.ended(respond)) { model in
            respond(.json(200, SessionBody(id: id, session: model)))
        }
    }

    func end(_ request: SessionRequest, _ respond: @escaping Route.Respond) throws {
        let (session, registry, log) = (request.session, registry, log)
        session.submit(ended: SessionRequest.ended(respond)) { finish in
            registry.end(session)
            log.log(.info, "session.ended", [(key: "session", value: .string(session.id))])
            respond(HTTPResponse(status: 204))
            finish()
        }
    }

    func menu(_ request: SessionRequest, _ respond: @escaping Route.Respond) throws {
        let (menuBar, validator, catalog, explain) = (menuBar, validator, catalog, request.explain)
        request.session.read(ended: SessionRequest.ended(respond)) { model in
            let entries = validator.validate(menuBar, in: model, catalog: catalog, explain: explain)
            respond(.json(200, MenuBody(entries: entries, firstResponder: model.firstResponder)))
        }
    }

    /// `GET …/selection?window=&limit=&after=`: a grid's whole selection, a page at a time, in
    /// selection order. The window defaults to the key window's, else the first browser's.
    func selection(_ request: SessionRequest, _ respond: @escaping Route.Respond) throws {
        let page = try PageQuery(request.http.query, maxLimit: limits.maxPageSize)
        let window = request.http.query["window"]
        request.session.read(ended: SessionRequest.ended(respond)) { model in
            do throws(Problem) {
                let grid = try Self.grid(in: model, window: window)
                guard let (ids, more) = grid.selection.page(after: page.after, limit: page.limit) else {
                    throw Problem.invalid("after", "\(page.after?.description ?? "") is not in the selection of \(grid.path)")
                }
                respond(.json(200, PageBody(name: "selection", items: ids, next: more ? ids.last : nil, limit: page.limit)))
            } catch {
                respond(error.response)
            }
        }
    }

    private static func grid(in session: Session, window id: String?) throws(Problem) -> ImageGrid {
        if let id {
            guard let window = session.window(id) else {
                throw Problem(.notFound, "no window \"\(id.prefix(80))\"", [(key: "field", value: "window"), (key: "name", value: .string(String(id.prefix(80))))])
            }
            guard let grid = window.grid else { throw Problem.invalid("window", "window \(id) is a viewer window; it has no selection") }
            return grid
        }
        let key = session.firstResponder.windowID.flatMap(session.window)?.grid
        guard let grid = key ?? session.windows.lazy.compactMap(\.grid).first else {
            throw Problem(.notFound, "the session has no browser window", [(key: "field", value: "window")])
        }
        return grid
    }
}
