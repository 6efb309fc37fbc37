import ChainHTTP
import ChainModel
import ChainService

/// Remote handlers: a client registers, revalidates, lists and removes its own handlers,
/// and answers the calls commands make to them. None of these waits for the session's
/// turn: a command may hold it while it waits on exactly these requests. A change is answered
/// once storage holds it (`SessionJournal.storeHandlers`).
package struct HandlerRoutes: Sendable {
    /// Handlers one session may have.
    package static let maxHandlers = 64

    package let live: LiveEvents
    package let calls: RemoteCalls
    package let catalog: any CatalogReading & Sendable
    package let journal: SessionJournal
    /// Validates watched controls, and knows the menu's item ids and actions.
    package let menus: MenuRenderer
    package let maxJSONDepth: Int
    package let log: Logger

    package init(
        live: LiveEvents, calls: RemoteCalls, catalog: any CatalogReading & Sendable, journal: SessionJournal,
        menus: MenuRenderer, maxJSONDepth: Int, log: Logger
    ) {
        self.live = live
        self.calls = calls
        self.catalog = catalog
        self.journal = journal
        self.menus = menus
        self.maxJSONDepth = maxJSONDepth
        self.log = log
    }

    /// Runs `change` on the session's handlers and answers what `answer` makes of its result,
    /// once the change is stored; a change that changed nothing is answered at once.
    func change<T: Sendable>(
        _ request: SessionRequest, _ respond: Route.Respond,
        _ change: (inout RemoteHandlers, _ model: Session, _ nextID: () -> String) throws(Problem) -> T,
        answer: (T) -> HTTPResponse
    ) throws {
        let session = request.session
        let pending = AnswerAfterStore(respond: respond, log: log)
        var storing = false
        let result = try session.updateHandlers(change) { [journal] record in
            storing = true
            journal.storeHandlers(of: session, record) { stored in
                session.handlersStored()
                pending.stored(stored)
            }
        }
        live.handlersChanged(on: session)
        if storing { pending.answer(answer(result)) } else { respond(answer(result)) }
    }

    package func register(_ request: SessionRequest, _ respond: Route.Respond) throws {
        let asked = try RemoteHandlerRequest(body: try request.jsonObject(maxDepth: maxJSONDepth), menuBar: menus.menuBar)
        let keys = menus.validator.dispatcher.keys
        try change(request, respond, { (handlers, model, nextID) throws(Problem) -> RemoteHandler in
            guard model.contains(asked.responder) else {
                throw Problem(.notFound, "no responder \(asked.responder) in this session", [
                    (key: "field", value: "responder"), (key: "name", value: .string(asked.responder.string)),
                ])
            }
            guard handlers.handlers.count < Self.maxHandlers else {
                throw Problem(.tooManyHandlers, "a session has at most \(Self.maxHandlers) remote handlers; delete one first")
            }
            let handler = RemoteHandler(
                id: nextID(), responder: asked.responder, action: asked.action, validation: asked.validation, undoName: asked.undoName,
                menuItems: asked.menuItems, keyBindings: asked.keyBindings)
            if let kind = asked.responder.kind, let conflict = KeyConflict.first(for: handler, kind: kind, keys: keys, among: handlers) {
                throw Self.problem(conflict)
            }
            handlers.add(handler)
            return handler
        }, answer: { handler in
            var response = HTTPResponse.json(201, RemoteHandlerBody(handler: handler, live: request.session.events.isListened))
            response.headers.append(HTTPResponse.Header(name: "Location", value: "/v1/sessions/\(request.session.id)/handlers/\(handler.id)"))
            return response
        })
    }

    package func list(_ request: SessionRequest, _ respond: Route.Respond) throws {
        guard let view = request.session.view else { throw SessionRequest.endedProblem }
        respond(.json(200, RemoteHandlerListBody(handlers: view.remote)))
    }

    /// `PATCH …/handlers/{handler}` `{"validation"}`: the client's answer to "validate this"
    /// now; menus that change get a `menu` event.
    package func update(_ request: SessionRequest, _ respond: Route.Respond) throws {
        let body = try request.jsonObject(maxDepth: maxJSONDepth)
        if let stray = (body.objectMembers ?? []).first(where: { $0.key != "validation" }) {
            throw Problem.invalid(String(stray.key.prefix(40)), "unexpected member \"\(stray.key.prefix(40))\"; a handler update has validation")
        }
        guard let json = body["validation"] else { throw Problem.invalid("validation", "validation is missing") }
        let validation = try RemoteValidationRequest(json, field: "validation").validation
        let id = request.route.parameters["handler"] ?? ""
        try change(request, respond, { (handlers, _, _) throws(Problem) -> RemoteHandler in
            guard var handler = handlers.handler(id) else { throw Self.unknownHandler(id) }
            handler.validation = validation
            handlers.replace(handler)
            return handler
        }, answer: { handler in .json(200, RemoteHandlerBody(handler: handler, live: request.session.events.isListened)) })
    }

    package func remove(_ request: SessionRequest, _ respond: Route.Respond) throws {
        let id = request.route.parameters["handler"] ?? ""
        try change(request, respond, { (handlers, _, _) throws(Problem) in
            guard handlers.remove(id) != nil else { throw Self.unknownHandler(id) }
        }, answer: { HTTPResponse(status: 204) })
    }

    /// `POST …/calls/{call}`: settles a waiting call (`RemoteCallAnswers`: here or, with
    /// instances sharing storage, wherever it waits). A malformed answer is refused and the
    /// call stays open until its deadline; an unknown, settled or foreign call is 404.
    package func answer(_ request: SessionRequest, _ respond: Route.Respond) throws {
        let id = request.route.parameters["call"] ?? ""
        let session = request.session.id
        guard answers.mayWait(id, session: session) else { throw Self.unknownCall(id) }
        let answer = try CallAnswerRequest(body: try request.jsonObject(maxDepth: maxJSONDepth), catalog: catalog).answer
        let log = log
        answers.answer(id, session: session, answer, body: request.http.body) { settled in
            switch settled {
            case .success(true): respond(HTTPResponse(status: 204))
            case .success(false): respond(Self.unknownCall(id).response)
            case .failure(let error): respond(Problem.storage(error, log: log).response)
            }
        }
    }

    private var answers: RemoteCallAnswers {
        RemoteCallAnswers(calls: calls, relay: live.relay, catalog: catalog, maxJSONDepth: maxJSONDepth)
    }

    /// `409 /problems/key-conflict`, naming what holds the key.
    private static func problem(_ conflict: KeyConflict) -> Problem {
        let holder: JSON
        switch conflict {
        case .menuItem(let id, _): holder = .object([(key: "menuItem", value: .string(id))])
        case .binding(let binding):
            // The binding as bindings are shown everywhere else, parsed back from its body.
            let body = (try? JSONParser.parse(binding.encoded)) ?? .null
            holder = .object([(key: "binding", value: body)])
        }
        return Problem(.keyConflict, conflict.description, [
            (key: "key", value: .string(conflict.key.key)),
            (key: "modifiers", value: .array(conflict.key.modifiers.nameList.map(JSON.string))),
            (key: "conflictsWith", value: holder),
        ])
    }

    private static func unknownHandler(_ id: String) -> Problem {
        Problem(.notFound, "no handler \"\(id.prefix(80))\" in this session", [(key: "name", value: .string(String(id.prefix(80))))])
    }

    private static func unknownCall(_ id: String) -> Problem {
        Problem(.notFound, "no call \"\(id.prefix(80))\" waits for an answer in this session", [(key: "name", value: .string(String(id.prefix(80))))])
    }
}
