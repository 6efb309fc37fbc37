import ChainHTTP
import ChainModel
import ChainService

/// Creating, reading and ending sessions, their validated menu and their selections. Reads
/// take a snapshot of the session (never a command half done) without waiting for its queue;
/// the session and the menu carry an `ETag` and answer `If-None-Match` with 304.
package struct SessionRoutes: Sendable {
    package let registry: SessionRegistry
    /// Where sessions are stored: a session exists (201) once its row committed, and is gone
    /// (204) once its deletion did.
    package let journal: SessionJournal
    package let menus: MenuRenderer
    package let limits: Limits
    /// Calls a command of the session may be waiting on; ending the session settles them
    /// first, so the end does not queue behind a command waiting for its client.
    package let calls: RemoteCalls
    package let log: Logger
    /// Who a new session acts for (`auth.mode`).
    package let principals: PrincipalGate?

    package init(
        registry: SessionRegistry, journal: SessionJournal, menus: MenuRenderer, limits: Limits, calls: RemoteCalls, log: Logger,
        principals: PrincipalGate? = nil
    ) {
        self.principals = principals
        self.registry = registry
        self.journal = journal
        self.menus = menus
        self.limits = limits
        self.calls = calls
        self.log = log
    }

    package struct Limits: Sendable {
        package var maxSessions: Int
        package var maxSessionsPerClient: Int
        package var maxPageSize: Int

        package init(maxSessions: Int, maxSessionsPerClient: Int, maxPageSize: Int) {
            self.maxSessions = maxSessions
            self.maxSessionsPerClient = maxSessionsPerClient
            self.maxPageSize = maxPageSize
        }
    }

    package func create(_ request: RouteRequest, _ respond: Route.Respond) throws {
        let principal = try principal(of: request.http)
        let created: (session: LiveSession, token: String)
        do throws(SessionRegistry.Full) {
            created = try registry.create(client: request.http.remoteAddress, principal: principal)
        } catch {
            throw Problem(.tooManySessions, error.perClient
                ? "this client holds its maximum of \(limits.maxSessionsPerClient) live sessions; end one first"
                : "the server holds its maximum of \(limits.maxSessions) sessions")
        }
        let (registry, log, menus) = (registry, log, menus)
        journal.create(created.session) { stored in
            if case .failure(let error) = stored {
                registry.discard(created.session)
                return respond(Problem.storage(error, log: log).response)
            }
            let session = created.session
            var response = HTTPResponse.json(201, SessionBody(
                id: session.id, session: session.model, version: session.model.version, token: created.token, principal: session.principal,
                catalog: menus.catalog))
            response.headers.append(HTTPResponse.Header(name: "Location", value: "/v1/sessions/\(session.id)"))
            log.log(.info, "session.created", [
                (key: "session", value: .string(session.id)), (key: "principal", value: .string(session.principal.name)),
            ])
            respond(response)
        }
    }

    /// The principal a session created by `http` acts for, or the problem refusing it.
    private func principal(of http: HTTPRequest) throws(Problem) -> Principal {
        guard let principals else { return .anonymous }
        do throws(PrincipalGate.Refusal) {
            return try principals.principal(
                bearer: http.header("authorization").flatMap(BearerToken.parse), forwardedUser: http.header("x-forwarded-user"),
                fromTrustedProxy: http.fromTrustedProxy)
        } catch {
            switch error {
            case .keyRequired(let detail): throw Problem(.keyRequired, detail)
            case .unauthenticated(let detail): throw Problem(.unauthorized, detail)
            case .forbidden(let detail): throw Problem(.forbidden, detail)
            case .unavailable: throw Problem(.storageUnavailable, "the API keys could not be read; try again")
            }
        }
    }

    package func show(_ request: SessionRequest, _ respond: Route.Respond) throws {
        let view = try Self.view(of: request.session)
        let tag = EntityTag.session(view.version)
        if tag.isMatched(byIfNoneMatch: request.http.header("if-none-match")) { return respond(tag.notModified) }
        var response = HTTPResponse.json(200, SessionBody(
            id: request.session.id, session: view.model, version: view.version, principal: request.session.principal, catalog: menus.catalog))
        response.headers.append(tag.header)
        respond(response)
    }

    package func end(_ request: SessionRequest, _ respond: Route.Respond) throws {
        let (session, registry, log) = (request.session, registry, log)
        calls.settleAll(of: session.id, .sessionEnded)
        session.submit(ended: SessionRequest.ended(respond)) { [journal] finish in
            journal.delete(session) { stored in
                defer { finish() }
                if case .failure(let error) = stored { return respond(Problem.storage(error, log: log).response) }
                registry.end(session)
                log.log(.info, "session.ended", [(key: "session", value: .string(session.id))])
                respond(HTTPResponse(status: 204))
            }
        }
    }

    /// Rendered once per session and catalog version: a repeat is the cached bytes, and a
    /// client holding them gets 304.
    package func menu(_ request: SessionRequest, _ respond: Route.Respond) throws {
        let view = try Self.view(of: request.session)
        let version = menus.version(of: view, explain: request.explain)
        let tag = EntityTag.menu(version)
        if tag.isMatched(byIfNoneMatch: request.http.header("if-none-match")) { return respond(tag.notModified) }
        let body = menus.body(of: view, at: version, in: request.session, explain: request.explain)
        // Both headers at once: appending the tag would grow the array, a second allocation.
        respond(HTTPResponse(status: 200, headers: [HTTPResponse.Header(name: "Content-Type", value: "application/json; charset=utf-8"), tag.header], body: body))
    }

    /// `GET …/keys`: the cheat sheet of the keys that do something now, rendered once per
    /// session and catalog version as the menu is, with its own `ETag`.
    package func keys(_ request: SessionRequest, _ respond: Route.Respond) throws {
        let view = try Self.view(of: request.session)
        let version = menus.version(of: view, explain: false)
        let tag = EntityTag.keys(version)
        if tag.isMatched(byIfNoneMatch: request.http.header("if-none-match")) { return respond(tag.notModified) }
        let body = menus.keySheetBody(of: view, at: version, in: request.session)
        respond(HTTPResponse(status: 200, headers: [HTTPResponse.Header(name: "Content-Type", value: "application/json; charset=utf-8"), tag.header], body: body))
    }

    /// `GET …/context-menu?responder=&image=`: the context menu of the responder clicked (the
    /// first responder by default), validated from there as a right-click on `image` (in a
    /// grid) would leave the session, without changing it. Rendered once per session and
    /// catalog version for the last responder and image asked, with an `ETag`.
    package func contextMenu(_ request: SessionRequest, _ respond: Route.Respond) throws {
        let view = try Self.view(of: request.session)
        let query = request.http.query
        var responder = view.model.firstResponder
        // The responder clicked is nearly always on the chain: found there by its text, no
        // path is parsed (built) for it.
        if let text = query["responder"], let onChain = view.model.chain(containing: text) {
            responder = onChain
        } else if let text = query["responder"] {
            guard let path = ResponderPath(parsing: text) else {
                throw Problem.invalid("responder", "responder must be a responder path like \"main/grid\"")
            }
            guard view.model.contains(path) else {
                throw Problem(.notFound, "the session has no responder \(text.prefix(80))", [
                    (key: "field", value: "responder"), (key: "name", value: .string(String(text.prefix(80)))),
                ])
            }
            responder = path
        }
        var image: ImageID?
        if let text = query["image"] {
            guard let id = ImageID(text) else { throw Problem.invalid("image", "image must be an image id like \"img-7\"") }
            guard responder.kind == .grid else {
                throw Problem.invalid("image", "image names the image clicked in a grid; \(responder) is not a grid")
            }
            guard menus.catalog.contains(id) else {
                throw Problem(.notFound, "no image \(id)", [(key: "field", value: "image"), (key: "name", value: .string(id.description))])
            }
            image = id
        }
        let version = menus.version(of: view, explain: request.explain)
        let rendered = menus.contextMenu(of: view, responder: responder, image: image, at: version, in: request.session) {
            EntityTag.contextMenu(version, responder: responder, image: image).quoted
        }
        guard let rendered else { throw Problem(.notFound, "\(responder) has no context menu", [(key: "field", value: "responder")]) }
        let tag = EntityTag(quoted: rendered.etag)
        if tag.isMatched(byIfNoneMatch: request.http.header("if-none-match")) { return respond(tag.notModified) }
        respond(HTTPResponse(status: 200, headers: [HTTPResponse.Header(name: "Content-Type", value: "application/json; charset=utf-8"), tag.header], body: rendered.body))
    }

    /// `GET …/selection?window=&limit=&after=`: a grid's whole selection, a page at a time, in
    /// selection order. The window defaults to the key window's, else the first browser's.
    package func selection(_ request: SessionRequest, _ respond: Route.Respond) throws {
        let page = try PageQuery(request.http.query, maxLimit: limits.maxPageSize)
        let grid = try Self.grid(in: try Self.snapshot(of: request.session), window: request.http.query["window"])
        // A cursor that is not in the selection names nothing there (the selection changed since
        // the previous page): 404, as any well-formed name of nothing, not 422.
        guard let (ids, more) = grid.selection.page(after: page.after, limit: page.limit) else {
            let cursor = page.after?.description ?? ""
            throw Problem(.notFound, "\(cursor) is not in the selection of \(grid.path)", [
                (key: "field", value: "after"), (key: "name", value: .string(cursor)),
            ])
        }
        respond(.json(200, PageBody(name: "selection", items: ids, next: more ? ids.last : nil, limit: page.limit)))
    }

    /// The session as it stands, or 401 when it ended after its token was checked.
    private static func snapshot(of session: LiveSession) throws(Problem) -> Session {
        guard let model = session.snapshot else { throw SessionRequest.endedProblem }
        return model
    }

    private static func view(of session: LiveSession) throws(Problem) -> SessionView {
        guard let view = session.view else { throw SessionRequest.endedProblem }
        return view
    }

    /// The grid of window `id`, else of the key window, else of the first browser window; 404
    /// when there is none.
    package static func grid(in session: Session, window id: String?) throws(Problem) -> ImageGrid {
        if let id {
            guard let window = session.window(id) else {
                throw Problem(.notFound, "no window \"\(id.prefix(80))\"", [(key: "field", value: "window"), (key: "name", value: .string(String(id.prefix(80))))])
            }
            // A viewer window has no grid: the selection asked for is not there, as with no window.
            guard let grid = window.grid else {
                throw Problem(.notFound, "window \(id.prefix(80)) is a viewer window; it has no grid", [
                    (key: "field", value: "window"), (key: "name", value: .string(String(id.prefix(80)))),
                ])
            }
            return grid
        }
        let key = session.firstResponder.windowID.flatMap(session.window)?.grid
        guard let grid = key ?? session.windows.lazy.compactMap(\.grid).first else {
            throw Problem(.notFound, "the session has no browser window", [(key: "field", value: "window")])
        }
        return grid
    }
}
