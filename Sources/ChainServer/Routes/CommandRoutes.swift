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
            case .performed(let outcome): respond(.json(200, CommandAnswer(outcome: outcome, sessionID: id, explain: explain)))
            case .failed(let failure): respond(Problem(failure).response)
            case .notStored(let error): respond(Problem.storage(error, log: log).response)
            case .sessionEnded: SessionRequest.ended(respond)()
            }
        }
    }
}
