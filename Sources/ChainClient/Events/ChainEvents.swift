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

    public func makeAsyncIterator() -> Iterator {
        Iterator(events: self, lastID: lastEventID, delay: firstDelay)
    }

    /// Pulls chunks from the current connection and frames them, in the consumer's own task
    /// (no task or stream between the network and the loop: each hop costs latency).
    public struct Iterator: AsyncIteratorProtocol {
        public typealias Element = ChainEvent

        let events: ChainEvents
        var lastID: String?
        var delay: Duration
        var connection: AsyncThrowingStream<Data, any Error>.AsyncIterator?
        var parser = ServerSentEventParser()
        var pending: [ChainEvent] = []
        var reconnecting = false
        var finished = false

        init(events: ChainEvents, lastID: String?, delay: Duration) {
            self.events = events
            self.lastID = lastID
            self.delay = delay
        }

        public mutating func next() async throws -> ChainEvent? {
            while true {
                if !pending.isEmpty { return pending.removeFirst() }
                if finished || Task.isCancelled { return nil }
                do {
                    if connection == nil {
                        if reconnecting {
                            try await Task.sleep(for: delay)
                            delay = Swift.min(delay * 2, events.maximumDelay)
                        }
                        reconnecting = true
                        parser = ServerSentEventParser()
                        connection = try await events.connect(lastID).makeAsyncIterator()
                    }
                    guard let chunk = try await connection?.next() else {
                        connection = nil  // the server closed it: open it again
                        continue
                    }
                    frame(chunk)
                } catch let problem as ChainProblem where problem.status == 401 || problem.status == 404 {
                    finished = true
                    throw ChainClientError.streamRefused(problem)
                } catch is CancellationError {
                    return nil
                } catch {
                    connection = nil  // dropped or refused for now (429, 503): back off, open it again
                }
            }
        }

        private mutating func frame(_ chunk: Data) {
            for frame in parser.feed(chunk) {
                if let id = frame.id { lastID = id }
                delay = events.firstDelay
                let event = ChainEvent(frame, session: events.session)
                pending.append(event)
                if case .ended(let reason) = event, reason != "shutdown" {
                    finished = true
                    connection = nil
                    return
                }
            }
        }
    }

    func connect(_ lastID: String?) async throws -> AsyncThrowingStream<Data, any Error> {
        var headers = ["Accept": "text/event-stream"]
        if let lastID { headers["Last-Event-ID"] = lastID }
        var request = try session.request("GET", "/events", headers: headers)
        request.timeoutInterval = idleTimeout
        return await session.transport.streams.open(request)
    }
}

extension ChainSession {
    /// The session's event stream; `after` resumes after an event id seen earlier.
    public func events(after lastEventID: String? = nil) -> ChainEvents {
        ChainEvents(session: self, lastEventID: lastEventID)
    }
}
