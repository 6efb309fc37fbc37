import ChainHTTP
import ChainModel
import ChainService
import ChainSupport

/// Joins an answer made now with the storage write it waits on, queued in the same step
/// and committed whenever: the client hears the answer once the write is durable, or a 503
/// if it failed (the change then lives in memory only until the next write stores it).
package final class AnswerAfterStore: Sendable {
    private struct State {
        var stored: Result<Void, any Error>?
        var answer: HTTPResponse?
        var sent = false
    }

    private let state = Lock(State())
    private let respond: Route.Respond
    private let log: Logger

    package init(respond: Route.Respond, log: Logger) {
        self.respond = respond
        self.log = log
    }

    package func stored(_ result: Result<Void, any Error>) {
        state.withLock { $0.stored = result }
        sendIfReady()
    }

    package func answer(_ response: HTTPResponse) {
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
