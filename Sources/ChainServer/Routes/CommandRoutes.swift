import ChainModel
import Dispatch

/// Commands and key equivalents. A command runs on the session's queue: it walks the chain,
/// and when it changes ratings, its answer waits (off every HTTP thread) until the catalog
/// transaction holding them has committed; only then do the mirror and the session change.
enum CommandRoutes {
    static let command: Route.Handler = { request, respond in
        let command = try CommandRequest(body: try request.jsonObject(), menuBar: request.service.menuBar)
        run(command, request, respond)
    }

    static let key: Route.Handler = { request, respond in
        let body = try request.jsonObject()
        if let stray = body.objectMembers?.first(where: { !["key", "modifiers"].contains($0.key) }) {
            throw Problem.invalid(stray.key, "unexpected member \"\(stray.key.prefix(40))\"; a key has key and modifiers")
        }
        let key = try CommandRequest.string(body["key"] ?? .null, field: "key")
        var names: [String] = []
        if let modifiers = body["modifiers"], modifiers != .null {
            guard let list = modifiers.arrayValue else { throw Problem.invalid("modifiers", "modifiers must be an array of names") }
            for (index, name) in list.enumerated() {
                names.append(try CommandRequest.string(name, field: "modifiers[\(index)]"))
            }
        }
        let modifiers: Modifiers
        do throws(ModifierError) {
            modifiers = try Modifiers(names: names)
        } catch {
            throw Problem.invalid("modifiers", "unknown modifier \"\(error.name.prefix(40))\" (command, shift, option, control)")
        }
        guard let item = request.service.menuBar.item(forKey: key, modifiers: modifiers) else {
            let shown = KeyEquivalent(key: key, modifiers: modifiers).description
            throw Problem(.notFound, "no menu item has the key equivalent \(shown.prefix(80))", [(key: "field", value: "key")])
        }
        run(CommandRequest(invocation: item.invocation), request, respond)
    }

    static func run(_ command: CommandRequest, _ request: RouteRequest, _ respond: @escaping Route.Respond) {
        let session = request.session!
        let service = request.service
        let explain = request.explain
        let action = service.dispatcher.registry.actions.contains(command.invocation.action) ? command.invocation.action : "unknown"
        session.queue.submit { finish in
            let outcome: CommandOutcome
            do throws(CommandFailure) {
                outcome = try service.dispatcher.perform(
                    command.invocation, in: session.model, catalog: service.catalog, from: command.target, explain: explain)
            } catch {
                service.metrics.recordCommand(action: action, outcome: outcomeLabel(error.error))
                respond(Problem(error).response)
                finish()
                return
            }
            let succeed: @Sendable () -> Void = {
                service.catalog.apply(outcome.changes)
                session.model = outcome.session
                service.metrics.recordCommand(action: action, outcome: "ok")
            }
            guard !outcome.changes.isEmpty else {
                succeed()
                respond(.json(200, WireFormat.outcome(outcome, sessionID: session.id, explain: explain)))
                finish()
                return
            }
            service.store.write(outcome.changes) { result in
                // On the writer thread, in commit order: apply, then answer elsewhere.
                if case .success = result { succeed() }
                DispatchQueue.global().async {
                    switch result {
                    case .success:
                        respond(.json(200, WireFormat.outcome(outcome, sessionID: session.id, explain: explain)))
                    case .failure(let error):
                        service.metrics.recordCommand(action: action, outcome: "storage_error")
                        respond(ImageRoutes.storageProblem(error, service: service).response)
                    }
                    finish()
                }
            }
        }
    }

    static func outcomeLabel(_ error: CommandError) -> String {
        switch error {
        case .notFound: "not_found"
        case .invalidArgument: "invalid_argument"
        case .unhandled: "unhandled"
        case .disabled: "disabled"
        case .rejected: "rejected"
        }
    }
}
