import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The streams' session delegate: hands each event stream's callbacks to its
/// `EventConnection`, so a client's streams share one URLSession (`StreamOpener`). Requests
/// made with `data(for:)` complete through their own handlers and never reach it.
final class StreamRouter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: NSObject is not Sendable; the one mutable member is a Mutex.
    private let connections = Mutex<[Int: EventConnection]>([:])

    func route(_ task: URLSessionTask, to connection: EventConnection) {
        connections.withLock { $0[task.taskIdentifier] = connection }
    }

    private func connection(of task: URLSessionTask) -> EventConnection? {
        connections.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let connection = connection(of: dataTask) else { return completionHandler(.allow) }
        connection.urlSession(session, dataTask: dataTask, didReceive: response, completionHandler: completionHandler)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        connection(of: dataTask)?.urlSession(session, dataTask: dataTask, didReceive: data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let connection = connections.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        connection?.urlSession(session, task: task, didCompleteWithError: error)
    }
}
