import ChainClient
import Foundation
import Synchronization
import Testing

/// The event stream through ChainClient: parsed, resumed after a drop, ended, cancelled.
@Suite("ChainClient events, live")
struct ChainEventsTests {
    @Test func theParserFramesEventsSplitAnywhere() {
        let wire = Array(": keep-alive\r\n\r\nid: 7\r\nevent: command\r\ndata: {\"a\":\r\ndata: 1}\r\n\r\ndata:x\n\nevent: empty\n\n".utf8)
        for split in [1, 2, 3, 5, 64] {
            #expect(Self.framed(wire, every: split) { parser, chunk in parser.feed(chunk) } == [
                ServerSentEvent(id: "7", name: "command", data: "{\"a\":\n1}"),
                ServerSentEvent(id: nil, name: "message", data: "x"),
            ], "split every \(split) bytes")
        }
    }

    /// `wire` fed to one parser in chunks of `split` bytes.
    private static func framed(
        _ wire: [UInt8], every split: Int, feed: (inout ServerSentEventParser, ArraySlice<UInt8>) -> [ServerSentEvent]
    ) -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        var start = 0
        while start < wire.count {
            events += feed(&parser, wire[start..<min(start + split, wire.count)])
            start += split
        }
        return events
    }

    /// Chunks as URLSession delivers them (`Data`), with CR, LF and CRLF line ends split anywhere.
    @Test func theParserFramesDataChunksWithEveryLineEnd() {
        let wire = Data("id: 1\revent: menu\r\ndata: a\rdata: b\n\r\n: c\r\rdata: d\r\n\r\nretry: 10\ndata\ndata:e\nidx: 2\n\n".utf8)
        for split in [1, 2, 4, 7, 100] {
            #expect(Self.framed(Array(wire), every: split) { parser, chunk in parser.feed(Data(chunk)) } == [
                ServerSentEvent(id: "1", name: "menu", data: "a\nb"),
                ServerSentEvent(id: nil, name: "message", data: "d"),
                ServerSentEvent(id: nil, name: "message", data: "\ne"),
            ], "split every \(split) bytes")
        }
    }

    @Test func helloThenCommandsThenEndedWhenTheSessionIsDeleted() async throws {
        try await ClientTestServer.withSession { _, session in
            let seen = Mutex<[String]>([])
            let reader = Task {
                var reason: String?
                for try await event in session.events() {
                    switch event {
                    case .hello(let hello):
                        seen.withLock { $0.append("hello \(hello.session.id == session.id)") }
                    case .command(let command):
                        seen.withLock { $0.append("command \(command.action)") }
                    case .ended(let why):
                        reason = why
                    default:
                        break
                    }
                }
                return reason
            }
            #expect(try await eventually { seen.withLock { $0 } == ["hello true"] })
            try await session.perform(.select(["img-1"]))
            #expect(try await eventually { seen.withLock { $0 }.contains("command select") })
            try await session.delete()
            #expect(try await reader.value == "deleted")
        }
    }

    /// The proxy closes the stream's connection; the client opens it again with
    /// `Last-Event-ID` and gets what happened meanwhile, without a second `hello`.
    @Test func aDroppedStreamResumesAfterTheLastEventID() async throws {
        try await ClientTestServer.withSession { server, direct in
            let proxy = try ResettingProxy(to: server.port)
            defer { proxy.close() }
            let session = ChainClient(url: proxy.url).session(id: direct.id, token: direct.token)
            let names = Mutex<[String]>([])
            let reader = Task {
                for try await event in session.events() {
                    let name: String
                    switch event {
                    case .hello: name = "hello"
                    case .command(let command): name = "command \(command.action)"
                    default: continue
                    }
                    names.withLock { $0.append(name) }
                }
            }
            defer { reader.cancel() }
            #expect(try await eventually { names.withLock { $0 } == ["hello"] })
            try await direct.perform(.select(["img-1"]))
            #expect(try await eventually { names.withLock { $0 }.contains("command select") })

            let connections = proxy.accepted
            proxy.dropAll()
            try await direct.perform(.setRating(3))  // while the stream is down, or just after
            #expect(try await eventually { proxy.accepted > connections })
            #expect(try await eventually { names.withLock { $0 }.contains("command setRating") })
            try await direct.perform(.setRating(4))
            #expect(try await eventually { names.withLock { $0 }.filter { $0 == "command setRating" }.count == 2 })
            #expect(names.withLock { $0 } == ["hello", "command select", "command setRating", "command setRating"])
        }
    }

    @Test func cancellingTheIterationClosesTheStream() async throws {
        try await ClientTestServer.withSession { server, direct in
            let proxy = try ResettingProxy(to: server.port)
            defer { proxy.close() }
            let session = ChainClient(url: proxy.url).session(id: direct.id, token: direct.token)
            let hello = Mutex(false)
            let reader = Task {
                for try await event in session.events() {
                    if case .hello = event { hello.withLock { $0 = true } }
                }
            }
            #expect(try await eventually { hello.withLock { $0 } })
            #expect(try await direct.handlers().isEmpty)
            reader.cancel()
            _ = try? await reader.value
            // The server sees the stream go: a handler registered now is not live.
            let handler = try await direct.register(RemoteHandlerRequest(action: "autoRate", on: "main/grid"))
            #expect(try await eventually { try await direct.handlers().first { $0.id == handler.id }?.live == false })
        }
    }

    @Test func aStreamOfAGoneSessionIsRefused() async throws {
        try await ClientTestServer.with { _, client in
            let session = client.session(id: "nope", token: "nope")
            await #expect(throws: ChainClientError.self) {
                for try await _ in session.events() {}
            }
        }
    }
}
