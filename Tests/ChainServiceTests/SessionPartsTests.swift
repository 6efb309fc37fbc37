import ChainModel
import ChainService
import ChainStorage
import Testing

/// The parts of a live session, pure: its handlers' records, its receipts, its use.
@Suite("Session parts")
struct SessionPartsTests {
    static func handler(_ id: String, on path: ResponderPath = "main/grid") -> RemoteHandler {
        RemoteHandler(id: id, responder: path, action: "exportSelection", validation: Validation(isEnabled: true, title: "Export"))
    }

    static func receipt(_ key: String) -> IdempotencyReceipt {
        IdempotencyReceipt(key: key, fingerprint: [1], answer: StoredAnswer(status: 200, contentType: "application/json", body: []))
    }

    @Test func watchedControlsAreStoredWithTheHandlersAndCountAsAChange() throws {
        var records = HandlerRecords()
        let watches = [
            WatchedControl(id: "tb.pick", invocation: Invocation(action: "setFlag", arguments: ["flag": "pick"])),
            WatchedControl(id: "tb.five", title: "Five", invocation: Invocation(action: "setRating", arguments: ["rating": 5]), target: "main/grid"),
        ]
        let set = records.update(model: Session()) { handlers, _, _ in handlers.watches = watches }
        #expect(records.changes == 1)
        let record = try RemoteHandlerCoding.decode(try #require(set.record))
        #expect(record.watches == watches)
        #expect(record == RemoteHandlerCoding.Record(watches: watches, changes: 1, made: 0))
        let same = records.update(model: Session()) { handlers, _, _ in handlers.watches = watches }
        #expect(same.record == nil, "the same set again changes nothing")
        // A record stored before watches existed reads as none.
        let old = try RemoteHandlerCoding.decode(Array(#"{"changes": 1, "made": 1, "handlers": []}"#.utf8))
        #expect(old.watches.isEmpty)
        #expect(throws: SessionStateCoding.Malformed.self) {
            try RemoteHandlerCoding.decode(Array(#"{"changes": 1, "made": 1, "handlers": [], "watches": [{"id": "x"}]}"#.utf8))
        }
    }

    @Test func contributedItemsAndBindingsAreStoredWithTheirHandler() throws {
        let handler = RemoteHandler(
            id: "h-1", responder: "main/grid", action: "export", validation: .enabled,
            menuItems: [ContributedItem(id: "export", menu: "image", after: "autoRate", title: "Export…", arguments: ["to": "disk"],
                                        keyEquivalent: KeyEquivalent(key: "e", modifiers: [.command, .shift]))],
            keyBindings: [ContributedBinding(key: KeyEquivalent(key: "e"), arguments: ["quick": true])])
        let record = RemoteHandlerCoding.Record(handlers: [handler, Self.handler("h-2")], changes: 2, made: 2)
        #expect(try RemoteHandlerCoding.decode(RemoteHandlerCoding.encode(record)) == record)
    }

    @Test func aChangeCountsOnceAndHandsOverItsRecordAndIdsAreNeverReused() {
        var records = HandlerRecords()
        let added = records.update(model: Session()) { handlers, _, nextID in handlers.add(Self.handler(nextID())) }
        #expect(records.handlers.map(\.id) == ["h-1"])
        #expect(records.changes == 1 && records.writesInFlight == 1)
        let record = try? RemoteHandlerCoding.decode(added.record ?? [])
        #expect(record == RemoteHandlerCoding.Record(handlers: records.handlers, changes: 1, made: 1))

        let unchanged = records.update(model: Session()) { _, _, nextID in _ = nextID() }
        #expect(unchanged.record == nil, "nothing changed: nothing to store")
        #expect(records.changes == 1)
        _ = records.update(model: Session()) { handlers, _, nextID in handlers.add(Self.handler(nextID())) }
        #expect(records.handlers.map(\.id) == ["h-1", "h-3"], "h-2 was handed out, if unused")
        records.landed()
        records.landed()
        #expect(records.writesInFlight == 0)
    }

    @Test func handlersGoWithTheirResponders() {
        var records = HandlerRecords(.init(handlers: [Self.handler("h-1", on: "gone/grid"), Self.handler("h-2")], changes: 4, made: 2))
        records.keepOnly(respondersOf: Session())
        #expect(records.handlers.map(\.id) == ["h-2"])
        #expect(records.changes == 5)
        records.keepOnly(respondersOf: Session())
        #expect(records.changes == 5, "nothing dropped, nothing counted")
    }

    @Test func anotherInstancesRecordIsTakenOnlyWhenNewerAndNoneOfOursIsInFlight() {
        var ours = HandlerRecords(.init(handlers: [Self.handler("h-1")], changes: 1, made: 1), seen: [1])
        let theirs = HandlerRecords(.init(handlers: [], changes: 3, made: 4), seen: [2])
        var same = ours
        same.adopt(HandlerRecords(.init(handlers: [], changes: 9, made: 1), seen: [1]))
        #expect(same.handlers.count == 1, "the record we last saw: storage has nothing newer")

        _ = ours.update(model: Session()) { handlers, _, nextID in handlers.add(Self.handler(nextID())) }
        var inFlight = ours
        inFlight.adopt(theirs)
        #expect(inFlight.handlers.map(\.id) == ["h-1", "h-2"], "ours is on its way to storage: it is the newer")
        #expect(inFlight.made == 4, "ids stay unique across instances")

        ours.landed()
        ours.adopt(theirs)
        #expect(ours.handlers.isEmpty)
        #expect(ours.changes == 3, "the version never goes back")
    }

    @Test func receiptsKeepTheirKeysOldestFirst() {
        var log = ReceiptLog([Self.receipt("a"), Self.receipt("b")])
        log.add(Self.receipt("a"))
        #expect(log.count == 2, "the same key again replaces, not adds")
        #expect(log["a"] != nil && log["c"] == nil)
        log.drop(["a", "missing"])
        #expect(log.count == 1 && log["a"] == nil)
        #expect(log.keysToDropForOneMore.isEmpty)
        for index in 0..<(IdempotencyReceipt.perSession - 1) { log.add(Self.receipt("k\(index)")) }
        #expect(log.keysToDropForOneMore == ["b"], "full: the oldest makes room")
    }

    @Test func aUseIsStoredOnceAnInterval() {
        let start = ContinuousClock.now
        var use = SessionUse(start)
        let first = use.touch(start, storingEvery: .seconds(10))
        let within = use.touch(start + .seconds(5), storingEvery: .seconds(10))
        #expect(first && !within)
        #expect(use.last == start + .seconds(5))
        let after = use.touch(start + .seconds(11), storingEvery: .seconds(10))
        #expect(after)
        use.storeFailed()
        let afterFailure = use.touch(start + .seconds(12), storingEvery: .seconds(10))
        #expect(afterFailure, "a use that failed to store is stored again at the next one")
    }
}
