import ChainModel
import Dispatch

/// Commands and key equivalents. A command runs on the session's queue: it walks the chain,
/// and when it changes ratings, its answer waits (off every HTTP thread) until the catalog
/// transaction holding them has committed; only then do the mirror and the session change.
enum CommandRoutes {
    static let command: Route.Handler = { request, respond in
        let command = try CommandRequest(
            body: try request.jsonObject(), menuBar: request.service.menuBar, maxDepth: request.service.configuration.maxJSONDepth)
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
        session.submit(respond: respond) { finish in
            let performed = service.commandOrder.withLock { _ -> Result<CommandOutcome, CommandFailure> in
                let outcome: CommandOutcome
                do throws(CommandFailure) {
                    outcome = try service.dispatcher.perform(
                        command.invocation, in: session.model, catalog: service.catalog, from: command.target, explain: explain)
                } catch {
                    return .failure(error)
                }
                if !outcome.changes.isEmpty { commit(outcome, session: session, service: service, explain: explain, action: action, respond, finish) }
                return .success(outcome)
            }
            switch performed {
            case .failure(let failure):
                service.metrics.recordCommand(action: action, outcome: outcomeLabel(failure.error))
                respond(Problem(failure).response)
                finish()
            case .success(let outcome) where outcome.changes.isEmpty:
                session.model = outcome.session
                service.metrics.recordCommand(action: action, outcome: "ok")
                respond(.json(200, WireFormat.outcome(outcome, sessionID: session.id, explain: explain)))
                finish()
            case .success:
                break  // answered by `commit` once the transaction is done
            }
        }
    }

    /// Stages the outcome's writes and queues them for the writer; the session changes and
    /// the client is answered only after the commit (or told 503 and nothing changes).
    private static func commit(
        _ outcome: CommandOutcome, session: LiveSession, service: ChainService, explain: Bool, action: String,
        _ respond: @escaping Route.Respond, _ finish: @escaping @Sendable () -> Void
    ) {
        let batch = service.catalog.stage(outcome.changes)
        let mirror = service.catalog
        service.store.write(outcome.changes, stillValid: { mirror.isValid(batch) }) { result in
            // On the writer thread, in commit order: settle the mirror and the session, then
            // answer elsewhere so the writer goes straight on to the next group.
            switch result {
            case .success:
                service.catalog.commit(outcome.changes, batch: batch)
                session.model = outcome.session
                service.metrics.recordCommand(action: action, outcome: "ok")
            case .failure:
                service.catalog.fail(outcome.changes, batch: batch)
                service.metrics.recordCommand(action: action, outcome: "storage_error")
            }
            DispatchQueue.global().async {
                switch result {
                case .success: respond(.json(200, WireFormat.outcome(outcome, sessionID: session.id, explain: explain)))
                case .failure(let error): respond(Problem.storage(error, log: service.log).response)
                }
                finish()
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
