import ChainModel

/// Commands and key equivalents: each request becomes a `CommandRunner` call, and the
/// runner's result becomes the answer.
struct CommandRoutes: Sendable {
    let runner: CommandRunner
    let menuBar: MenuBar
    let maxJSONDepth: Int
    let log: Logger

    func command(_ request: SessionRequest, _ respond: @escaping Route.Respond) throws {
        let command = try CommandRequest(body: try request.jsonObject(maxDepth: maxJSONDepth), menuBar: menuBar, maxDepth: maxJSONDepth)
        run(command, request, respond)
    }

    func key(_ request: SessionRequest, _ respond: @escaping Route.Respond) throws {
        let item = try KeyRequest(body: try request.jsonObject(maxDepth: maxJSONDepth)).item(in: menuBar)
        run(CommandRequest(invocation: item.invocation), request, respond)
    }

    private func run(_ command: CommandRequest, _ request: SessionRequest, _ respond: @escaping Route.Respond) {
        let (id, explain, log) = (request.session.id, request.explain, log)
        runner.run(command.invocation, from: command.target, on: request.session, explain: explain) { result in
            switch result {
            case .performed(let outcome, let version):
                respond(.json(200, CommandAnswer(outcome: outcome, sessionID: id, version: version, explain: explain)))
            case .failed(let failure): respond(Problem(failure).response)
            case .notStored(let error): respond(Problem.storage(error, log: log).response)
            case .sessionEnded: SessionRequest.ended(respond)()
            case .handlerTimedOut(let timeout):
                respond(Problem(.handlerTimeout, "the remote handler's client did not answer within \(timeout); nothing changed").response)
            case .handlerDisconnected:
                respond(Problem(.handlerDisconnected, "the remote handler's client closed its last event stream before answering; nothing changed").response)
            }
        }
    }
}
