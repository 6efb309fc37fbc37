import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One `GET …/events` connection as a stream of body chunks, from a URLSession data
/// delegate: FoundationNetworking on Linux has no `URLSession.bytes(for:)`, and a delegate
/// gets each chunk as it arrives on every platform. A refused stream (not 200) finishes with
/// the answer's `ChainProblem`; ending the iteration cancels the request.
final class EventConnection: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: NSObject is not Sendable; every stored property is a `let` of a Sendable
    // type, and the mutable answer state lives in a Mutex.
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    private let refusal = Mutex<(status: Int, body: Data)?>(nil)
    /// Called when the answer's head arrives, or the request ends without one.
    private let answered: @Sendable () -> Void

    private init(continuation: AsyncThrowingStream<Data, any Error>.Continuation, answered: @escaping @Sendable () -> Void) {
        self.continuation = continuation
        self.answered = answered
    }

    /// Opens `request` on `session` (whose delegate is `router`) and streams its body;
    /// `answered` is called once the answer's head has come (or the request failed).
    static func open(
        _ request: URLRequest, on session: URLSession, router: StreamRouter, answered: @escaping @Sendable () -> Void
    ) -> AsyncThrowingStream<Data, any Error> {
        AsyncThrowingStream { continuation in
            let connection = EventConnection(continuation: continuation, answered: answered)
            let task = session.dataTask(with: request)
            router.route(task, to: connection)
            continuation.onTermination = { _ in task.cancel() }
            task.resume()
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        if status != 200 { refusal.withLock { $0 = (status, Data()) } }
        completionHandler(.allow)
        answered()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let refused = refusal.withLock { state -> Bool in
            guard state != nil else { return false }
            if state!.body.count < 4096 { state!.body.append(data) }
            return true
        }
        if !refused { continuation.yield(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        answered()
        if let (status, body) = refusal.withLock({ $0 }) {
            continuation.finish(throwing: ChainProblem(status: status, data: body))
        } else if let error {
            continuation.finish(throwing: error)
        } else {
            continuation.finish()
        }
    }
}
