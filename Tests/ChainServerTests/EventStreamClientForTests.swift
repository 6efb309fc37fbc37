import ChainModel
import ChainTestSupport
import Foundation
import Testing

@testable import ChainServer

/// One server-sent event as a test reads it.
struct StreamEvent: Sendable {
    let id: UInt64?
    let name: String
    let data: JSON

    subscript(key: String) -> JSON? { data[key] }
}

/// A client of `GET …/events` over a raw socket: reads the response head, then the chunked
/// body as server-sent events, one at a time, each read bounded by the socket's timeout so
/// a silent server fails the test rather than hanging it.
final class EventStreamClient: @unchecked Sendable {
    let status: Int
    let headers: [String: String]
    /// The answer's body when it was not a stream (a problem).
    let problem: JSON?
    /// Comment lines seen so far (`: keep-alive`).
    private(set) var comments = 0
    private let connection: RawHTTPConnection
    private var text: [UInt8] = []
    private var ended = false

    init(port: UInt16, session: RemoteSession, lastEventID: String? = nil, timeout: Duration = .seconds(5)) throws {
        connection = try RawHTTPConnection(port: port, timeout: timeout)
        var headers = ["Authorization": "Bearer \(session.token)", "Accept": "text/event-stream"]
        if let lastEventID { headers["Last-Event-ID"] = lastEventID }
        try connection.send(RawHTTPConnection.requestHead("GET", session.path + "/events", headers: headers))
        let head = try connection.readHead()
        status = head.status
        self.headers = head.headers
        if status != 200 {
            var body: [UInt8] = []
            if head.headers["transfer-encoding"]?.lowercased() == "chunked" {
                while let chunk = try connection.readChunk() { body += chunk }
            } else if let length = head.headers["content-length"].flatMap({ Int($0) }) {
                body = try connection.readBody(length: length)
            }
            problem = try? JSONParser.parse(body)
        } else {
            problem = nil
        }
    }

    /// Goes away, as a client closing its stream does.
    func close() {
        connection.shutDown()
    }

    /// Goes away with a reset, as a client whose connection drops does.
    func reset() {
        connection.reset()
    }

    /// Opens a stream, requiring a 200.
    static func open(_ server: LiveServer, _ session: RemoteSession, lastEventID: String? = nil) throws -> EventStreamClient {
        let client = try EventStreamClient(port: server.app.port, session: session, lastEventID: lastEventID)
        try #require(client.status == 200, "GET events answered \(client.status): \(String(describing: client.problem))")
        return client
    }

    /// The next event; throws when the stream ends, when nothing arrives within the socket's
    /// timeout, or when only comments arrive for ten seconds (keep-alives never end a wait).
    func next() throws -> StreamEvent {
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            guard ContinuousClock.now < deadline else { throw RawHTTPError.timedOut }
            if let event = try parseOne() { return event }
            guard !ended, let chunk = try connection.readChunk() else {
                ended = true
                throw RawHTTPError.closedByServer
            }
            text += chunk
        }
    }

    /// The next event called `name`, skipping others (and collecting them in `skipped`).
    func next(_ name: String, skipped: inout [StreamEvent]) throws -> StreamEvent {
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            guard ContinuousClock.now < deadline else { throw RawHTTPError.timedOut }
            let event = try next()
            if event.name == name { return event }
            skipped.append(event)
        }
    }

    func next(_ name: String) throws -> StreamEvent {
        var skipped: [StreamEvent] = []
        return try next(name, skipped: &skipped)
    }

    /// `next()` on a Dispatch thread: a blocking read must not hold one of the few threads
    /// the tests' async code (and the requests they are waiting on) share.
    func event() async throws -> StreamEvent {
        try await offCooperativePool { try self.next() }
    }

    /// `next(name)` on a Dispatch thread.
    func event(_ name: String) async throws -> StreamEvent {
        try await offCooperativePool { try self.next(name) }
    }

    /// `next(name, skipped:)` on a Dispatch thread; returns the event and what came before.
    func eventAfterOthers(_ name: String) async throws -> (event: StreamEvent, skipped: [StreamEvent]) {
        try await offCooperativePool {
            var skipped: [StreamEvent] = []
            let event = try self.next(name, skipped: &skipped)
            return (event, skipped)
        }
    }

    /// Whether the server ends the stream (last chunk or close) before `timeout` runs out;
    /// events before the end are returned in `events`.
    func readToEnd(events: inout [StreamEvent]) -> Bool {
        while true {
            do {
                events.append(try next())
            } catch RawHTTPError.closedByServer {
                return true
            } catch {
                return false
            }
        }
    }

    /// Splits off one complete event (up to a blank line), counting comment lines.
    private func parseOne() throws -> StreamEvent? {
        while let end = blankLine() {
            let block = String(decoding: text[..<end], as: UTF8.self)
            text.removeFirst(end + 2)
            var id: UInt64?
            var name = "message"
            var data: String?
            for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix(":") { comments += 1 }
                else if line.hasPrefix("id: ") { id = UInt64(line.dropFirst(4)) }
                else if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                else if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
            }
            guard let data else { continue }
            return StreamEvent(id: id, name: name, data: try JSONParser.parse(Array(data.utf8)))
        }
        return nil
    }

    private func blankLine() -> Int? {
        guard text.count >= 2 else { return nil }
        for index in 0..<(text.count - 1) where text[index] == 0x0A && text[index + 1] == 0x0A { return index }
        return nil
    }
}
