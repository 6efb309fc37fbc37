import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A session's events as an `AsyncSequence`. A dropped connection is opened again with
/// `Last-Event-ID`, so the server sends what was missed (or a fresh `hello` when it no longer
/// holds it), backing off from `firstDelay` to `maximumDelay` while it fails. The sequence
/// ends after `ended` `deleted` or `expired`; `ended` `shutdown` is delivered and the stream
/// reconnects (sessions outlive a restart). It throws `streamRefused` when the session is
/// gone (401, 404). Cancelling the iterating task closes the connection.
public struct ChainEvents: AsyncSequence, Sendable {
    public typealias Element = ChainEvent
    public typealias Failure = any Error

    let session: ChainSession
    /// Resume after this event id (from an earlier stream), or nil for a fresh `hello`.
    public var lastEventID: String?
    public var firstDelay: Duration = .milliseconds(250)
    public var maximumDelay: Duration = .seconds(5)
    /// With no byte for this long (keep-alives come every 15 s) the connection counts as dead.
    public var idleTimeout: TimeInterval = 45

    public func makeAsyncIterator() -> AsyncThrowingStream<ChainEvent, any Error>.Iterator {
        let (stream, continuation) = AsyncThrowingStream<ChainEvent, any Error>.makeStream()
        let task = Task { [self] in
            do {
                try await run(continuation)
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream.makeAsyncIterator()
    }

    private func run(_ output: AsyncThrowingStream<ChainEvent, any Error>.Continuation) async throws {
        var lastID = lastEventID
        var delay = firstDelay
        while !Task.isCancelled {
            do {
                var parser = ServerSentEventParser()
                for try await chunk in try connect(lastID) {
                    for frame in parser.feed(chunk) {
                        if let id = frame.id { lastID = id }
                        delay = firstDelay
                        let event = ChainEvent(frame, session: session)
                        output.yield(event)
                        if case .ended(let reason) = event, reason != "shutdown" { return }
                    }
                }
            } catch let problem as ChainProblem where problem.status == 401 || problem.status == 404 {
                throw ChainClientError.streamRefused(problem)
            } catch is CancellationError {
                return
            } catch {
                // A dropped or refused (429, 503) connection: try again after the backoff.
            }
            if Task.isCancelled { return }
            try await Task.sleep(for: delay)
            delay = Swift.min(delay * 2, maximumDelay)
        }
    }

    private func connect(_ lastID: String?) throws -> AsyncThrowingStream<Data, any Error> {
        var headers = ["Accept": "text/event-stream"]
        if let lastID { headers["Last-Event-ID"] = lastID }
        var request = try session.request("GET", "/events", headers: headers)
        request.timeoutInterval = idleTimeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = idleTimeout
        configuration.timeoutIntervalForResource = .infinity
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return EventConnection.open(request, configuration: configuration)
    }
}

extension ChainSession {
    /// The session's event stream; `after` resumes after an event id seen earlier.
    public func events(after lastEventID: String? = nil) -> ChainEvents {
        ChainEvents(session: self, lastEventID: lastEventID)
    }
}
