import Synchronization

/// Joins an answer made now with the storage write it waits on, queued in the same step
/// and committed whenever: the client hears the answer once the write is durable, or a 503
/// if it failed (the change then lives in memory only until the next write stores it).
final class AnswerAfterStore: Sendable {
    private struct State {
        var stored: Result<Void, any Error>?
        var answer: HTTPResponse?
        var sent = false
    }

    private let state = Mutex(State())
    private let respond: Route.Respond
    private let log: Logger

    init(respond: @escaping Route.Respond, log: Logger) {
        self.respond = respond
        self.log = log
    }

    func stored(_ result: Result<Void, any Error>) {
        state.withLock { $0.stored = result }
        sendIfReady()
    }

    func answer(_ response: HTTPResponse) {
        state.withLock { $0.answer = response }
        sendIfReady()
    }

    private func sendIfReady() {
        let ready = state.withLock { state -> (Result<Void, any Error>, HTTPResponse)? in
            guard !state.sent, let stored = state.stored, let answer = state.answer else { return nil }
            state.sent = true
            return (stored, answer)
        }
        guard let (stored, answer) = ready else { return }
        switch stored {
        case .success: respond(answer)
        case .failure(let error): respond(Problem.storage(error, log: log).response)
        }
    }
}
