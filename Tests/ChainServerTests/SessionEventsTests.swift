import ChainModel
import Testing

@testable import ChainServer

/// `SessionEvents` in process: numbering, the events it keeps for resuming, and the menu
/// differences it sends.
@Suite("Session events")
struct SessionEventsTests {
    static func hello(_ items: [MenuState.Item] = [], stamp: UInt64 = 1) -> SessionEvents.Hello {
        SessionEvents.Hello(data: Array("{}".utf8), menu: MenuState(items: items), stamp: stamp) { Array("\($0.count)".utf8) }
    }

    static func item(_ id: String, enabled: Bool) -> MenuState.Item {
        MenuState.Item(id: id, isEnabled: enabled, state: .off, title: id, isHidden: false, target: nil)
    }

    @Test func anIDOlderThanTheKeptEventsStartsAfresh() {
        let events = SessionEvents()
        for index in 0..<(SessionEvents.kept + 200) { events.publish("command", Array("\(index)".utf8)) }
        var helloMade = false
        #expect(events.open(HTTPStream(), lastEventID: 1) { helloMade = true; return Self.hello() } == .fresh)
        #expect(helloMade)
        // The newest kept thousand still resume.
        let newest = UInt64(SessionEvents.kept + 200)
        #expect(events.open(HTTPStream(), lastEventID: newest - UInt64(SessionEvents.kept) + 1) { nil } == .resumed)
    }

    @Test func anIDFromTheFutureStartsAfresh() {
        let events = SessionEvents()
        events.publish("command", [])
        #expect(events.open(HTTPStream(), lastEventID: 50) { Self.hello() } == .fresh)
    }

    @Test func aMenuEventCarriesOnlyChangedItemsAndAnOlderValidationIsIgnored() {
        let events = SessionEvents()
        #expect(events.open(HTTPStream(), lastEventID: nil) { Self.hello([Self.item("a", enabled: true), Self.item("b", enabled: true)], stamp: 5) } == .fresh)
        var sent: [[MenuState.Item]] = []
        events.publishMenu(MenuState(items: [Self.item("a", enabled: false), Self.item("b", enabled: true)]), stamp: 4) { sent.append($0); return [] }
        #expect(sent.isEmpty, "stamp 4 is older than the hello's 5")
        events.publishMenu(MenuState(items: [Self.item("a", enabled: false), Self.item("b", enabled: true)]), stamp: 6) { sent.append($0); return [] }
        #expect(sent.map { $0.map(\.id) } == [["a"]])
        events.publishMenu(MenuState(items: [Self.item("a", enabled: false), Self.item("b", enabled: true)]), stamp: 7) { sent.append($0); return [] }
        #expect(sent.count == 1, "nothing changed, nothing sent")
    }

    @Test func endedRefusesNewStreams() {
        let events = SessionEvents()
        events.end(reason: "deleted")
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
}
