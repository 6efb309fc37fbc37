import ChainHTTP
import ChainService
import ChainTestSupport
import Testing

/// `SessionEvents` in process: numbering, the events it keeps for resuming, and the menu
/// differences it sends.
@Suite("Session events")
struct SessionEventsTests {
    static func hello(_ items: [MenuState.Item] = [], stamp: UInt64 = 1) -> SessionEvents.Hello {
        SessionEvents.Hello(event: LiveEvent(.hello, encoded: Array("{}".utf8)), menu: MenuState(items: items), stamp: stamp) {
            LiveEvent(.menu, encoded: Array("\($0.items.count)".utf8))
        }
    }

    static func command(_ data: [UInt8]) -> LiveEvent { LiveEvent(.command, encoded: data) }

    static func item(_ id: String, enabled: Bool) -> MenuState.Item {
        MenuState.Item(id: id, isEnabled: enabled, state: .off, title: id, isHidden: false, target: nil)
    }

    @Test func anIDOlderThanTheKeptEventsStartsAfresh() {
        let events = SessionEvents()
        events.publish(Self.command([]))
        let first = events.keptIDs[0]
        for index in 0..<(SessionEvents.kept + 200) { events.publish(Self.command(Array("\(index)".utf8))) }
        let kept = events.keptIDs
        #expect(kept.count >= SessionEvents.kept)
        #expect(kept == kept.sorted())
        var helloMade = false
        #expect(events.open(HTTPStream(), lastEventID: first) { helloMade = true; return Self.hello() } == .fresh)
        #expect(helloMade)
        // An id just before the oldest kept one still resumes: nothing after it is missing.
        #expect(events.open(HTTPStream(), lastEventID: kept[0] - 1) { nil } == .resumed)
    }

    @Test func anEventSharedByManySessionsKeepsEachSessionsIDsAscending() {
        let one = SessionEvents()
        let two = SessionEvents()
        let shared = SessionEvents.Shared(LiveEvent(.catalog, encoded: []))
        two.publish(Self.command([]))  // numbered after the shared event
        one.publish(shared)
        two.publish(shared)
        #expect(one.keptIDs == [shared.event.id])
        #expect(two.keptIDs.count == 2)
        #expect(two.keptIDs == two.keptIDs.sorted())
        #expect(two.keptIDs[1] > shared.event.id, "numbered again for the session that had moved past it")
    }

    @Test func anIDFromTheFutureStartsAfresh() {
        let events = SessionEvents()
        events.publish(Self.command([]))
        let future = (events.keptIDs.last ?? 0) + 1_000_000
        #expect(events.open(HTTPStream(), lastEventID: future) { Self.hello() } == .fresh)
    }

    @Test func aMenuEventCarriesOnlyChangedItemsAndAnOlderValidationIsIgnored() {
        let events = SessionEvents()
        #expect(events.open(HTTPStream(), lastEventID: nil) { Self.hello([Self.item("a", enabled: true), Self.item("b", enabled: true)], stamp: 5) } == .fresh)
        var sent: [[MenuState.Item]] = []
        // The closures below take the difference; the test reads its items.
        events.publishMenu(MenuState(items: [Self.item("a", enabled: false), Self.item("b", enabled: true)]), stamp: 4) { sent.append($0.items); return Self.command([]) }
        #expect(sent.isEmpty, "stamp 4 is older than the hello's 5")
        events.publishMenu(MenuState(items: [Self.item("a", enabled: false), Self.item("b", enabled: true)]), stamp: 6) { sent.append($0.items); return Self.command([]) }
        #expect(sent.map { $0.map(\.id) } == [["a"]])
        events.publishMenu(MenuState(items: [Self.item("a", enabled: false), Self.item("b", enabled: true)]), stamp: 7) { sent.append($0.items); return Self.command([]) }
        #expect(sent.count == 1, "nothing changed, nothing sent")
    }

    /// Everything `stream` has queued, as libmicrohttpd would pull it.
    static func drain(_ stream: HTTPStream) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let count = buffer.withUnsafeMutableBytes { stream.read(into: $0.baseAddress!, capacity: $0.count) }
            guard count > 0 else { return received }
            received += buffer[..<count]
        }
    }

    /// A stream's opening (hello or replay) is queued whole past the stream's limit; once it
    /// is read, the limit holds again for what follows.
    @Test(arguments: [false, true])
    func anOpeningLargerThanTheStreamLimitIsQueuedWhole(resuming: Bool) {
        let events = SessionEvents()
        let stream = HTTPStream(maxPendingBytes: 64)
        let payload = Array(repeating: UInt8(ascii: "x"), count: 100)
        events.publish(Self.command([]))
        let first = events.keptIDs[0]
        for _ in 0..<10 { events.publish(Self.command(payload)) }
        let hello = SessionEvents.Hello(
            event: LiveEvent(.hello, encoded: Array(repeating: UInt8(ascii: "y"), count: 1_000)), menu: MenuState(items: []), stamp: 1
        ) { _ in Self.command([]) }
        let opening = events.open(stream, lastEventID: resuming ? first : nil) { hello }
        #expect(opening == (resuming ? .resumed : .fresh))
        #expect(stream.send(Array(repeating: UInt8(ascii: "z"), count: 32)), "a little more may follow before it is read")

        let received = Self.drain(stream)
        #expect(received.count > 1_000)
        #expect(received.suffix(32) == ArraySlice(repeating: UInt8(ascii: "z"), count: 32))
        #expect(!stream.send(Array(repeating: 0, count: 65)), "read, the opening no longer stretches the limit")
    }

    /// At the cap, a stream whose client hung up is found from its socket, with nothing
    /// written to it, and makes room; so does one cut for not reading; one whose client is
    /// still there does not.
    @Test func atTheCapAStreamWhoseClientHungUpMakesRoom() throws {
        let events = SessionEvents()
        let connections = try (0..<SessionEvents.maxStreams).map { _ in try LoopbackConnection() }
        var streams: [HTTPStream] = []
        for connection in connections {
            let stream = HTTPStream(maxPendingBytes: 64)
            stream.attach(nil, descriptor: connection.serverSide)
            #expect(events.open(stream, lastEventID: nil) { Self.hello() } == .fresh)
            streams.append(stream)
        }
        #expect(events.open(HTTPStream(), lastEventID: nil) { Self.hello() } == .tooMany)
        #expect(events.streamCount == SessionEvents.maxStreams)

        #expect(connections[3].clientHangsUp())
        #expect(events.open(HTTPStream(), lastEventID: nil) { Self.hello() } == .fresh)
        #expect(events.streamCount == SessionEvents.maxStreams)
        #expect(!streams[3].send(Array("x".utf8)), "the stream of the client that left is cut")
        #expect(streams[2].send(Array("x".utf8)))
        #expect(events.open(HTTPStream(), lastEventID: nil) { Self.hello() } == .tooMany)

        #expect(!streams[5].send(Array(repeating: 0, count: 1_000)), "past its limit, the stream is cut")
        #expect(events.open(HTTPStream(), lastEventID: nil) { Self.hello() } == .fresh)
        #expect(events.streamCount == SessionEvents.maxStreams)
    }

    @Test func endedRefusesNewStreams() {
        let events = SessionEvents()
        events.end(reason: .deleted)
        #expect(events.open(HTTPStream(), lastEventID: nil) { Self.hello() } == .ended)
    }

    @Test func theWatchIndexFindsSessionsByImageAndByRange() {
        var index = ImageWatchIndex()
        index.watch("narrow", [5..<6, 9..<11])
        index.watch("wide", [1..<100_000])
        index.watch("elsewhere", [200_000..<200_001])
        #expect(index.sessions(touching: [10..<11]) == ["narrow", "wide"])
        #expect(index.sessions(touching: [6..<9]) == ["wide"])
        #expect(index.sessions(touching: [0..<1_000_000]) == ["narrow", "wide", "elsewhere"])
        #expect(index.sessions(touching: [150_000..<150_010]) == [])
        index.watch("narrow", [7..<8])
        #expect(index.sessions(touching: [5..<6]) == ["wide"])
        index.unwatch("wide")
        #expect(index.sessions(touching: [7..<8]) == ["narrow"])
        #expect(ImageWatchIndex.merged([5..<7, 1..<3, 2..<4, 7..<8]) == [1..<4, 5..<8])
    }

    /// An event no stream takes is not kept: a client resuming later must not act on an
    /// `invoke` whose command walked on past its handler.
    @Test func anEventNoStreamTakesIsNotKeptAndOneTakenIs() {
        let events = SessionEvents()
        let full = HTTPStream(maxPendingBytes: 8)
        #expect(events.open(full, lastEventID: nil) { Self.hello() } == .fresh)
        let before = events.keptIDs
        var marked = 0
        #expect(!events.deliver(LiveEvent(.invoke, encoded: Array(repeating: 0x61, count: 64))) { marked += 1 }, "past its cap, the stream is cut")
        #expect(events.keptIDs == before)
        #expect(marked == 0)
        #expect(events.open(HTTPStream(), lastEventID: nil) { Self.hello() } == .fresh)
        #expect(events.deliver(LiveEvent(.invoke, encoded: Array("{}".utf8))) { marked += 1 })
        #expect(events.keptIDs.count == before.count + 1)
        #expect(marked == 1)
    }

    /// Each event is framed under its kind's name, and `ended` carries its reason as JSON.
    @Test func eventsAreFramedUnderTheirKindsName() {
        let frame = SessionEvents.frame(SessionEvents.Event(id: 7, .ended(.expired)))
        #expect(String(decoding: frame, as: UTF8.self) == "id: 7\nevent: ended\ndata: {\"reason\":\"expired\"}\n\n")
        #expect(LiveEvent.Kind.allCases.map(\.rawValue) == ["hello", "menu", "command", "catalog", "invoke", "ended", "view", "presence"])
    }
}
