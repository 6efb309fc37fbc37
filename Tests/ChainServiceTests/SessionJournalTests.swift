import ChainModel
import ChainService
import ChainStorage
import ChainSupport
import ChainTestSupport
import Foundation
import Synchronization
import Testing

/// Sessions through storage and back, on a real SQLite file: the bytes each part is stored
/// as, and a whole session's round trip.
@Suite struct SessionJournalTests {
    @Test func changeSetsRoundTripThroughTheirBytes() throws {
        let changes = ChangeSet([
            ChangeSet.Segment(attribute: Rating.attribute, images: ImageSelection(runs: [.init(first: 1, count: 1_000_000)]), values: .all(5)),
            ChangeSet.Segment(attribute: ColorLabel.attribute, images: ImageSelection([ImageID(9), ImageID(3), ImageID(4)]), values: .each([1, 2, 3])),
        ])
        let bytes = ChangeSetCoding.encode(changes)
        #expect(bytes.count < 40, "a million images set to one value stays a few bytes")
        #expect(try ChangeSetCoding.decode(bytes) == changes)
        #expect(try ChangeSetCoding.decode(ChangeSetCoding.encode(ChangeSet())) == ChangeSet())
    }

    @Test func undoEntriesKeepWhatTheySetAndOlderEntriesStillRead() throws {
        let previous = ChangeSet.set(Rating(2)!, on: ImageSelection([ImageID(1), ImageID(2)]))
        let expected = ChangeSet.set(Rating.max, on: ImageSelection([ImageID(1), ImageID(2)]))
        let bytes = ChangeSetCoding.encode(previous, expecting: expected)
        #expect(bytes.first == ChangeSetCoding.entryFormat)
        let decoded = try ChangeSetCoding.decodeEntry(bytes)
        #expect(decoded.changes == previous && decoded.expected == expected)
        // An entry stored before entries kept what they set: no values to check against.
        let legacy = try ChangeSetCoding.decodeEntry(ChangeSetCoding.encode(previous))
        #expect(legacy.changes == previous && legacy.expected == nil)
        #expect(ChangeSetCoding.encode(previous, expecting: nil) == ChangeSetCoding.encode(previous))
        for cut in 1..<bytes.count {
            #expect(throws: ChangeSetCoding.Malformed.self) { try ChangeSetCoding.decodeEntry(Array(bytes[..<cut])) }
        }
        #expect(throws: ChangeSetCoding.Malformed.self) { try ChangeSetCoding.decodeEntry([3] + bytes.dropFirst()) }
    }

    @Test func damagedChangeSetBytesAreRefusedNotTrusted() {
        let bytes = ChangeSetCoding.encode(.set(Rating.max, on: ImageSelection([ImageID(1), ImageID(2)])))
        for cut in 0..<bytes.count {
            #expect(throws: ChangeSetCoding.Malformed.self) { try ChangeSetCoding.decode(Array(bytes[..<cut])) }
        }
        #expect(throws: ChangeSetCoding.Malformed.self) { try ChangeSetCoding.decode(bytes + [0]) }
        #expect(throws: ChangeSetCoding.Malformed.self) { try ChangeSetCoding.decode([2] + bytes.dropFirst()) }
        // A count claiming more codes than there are bytes.
        #expect(throws: ChangeSetCoding.Malformed.self) { try ChangeSetCoding.decode([1, 1, 6] + Array("rating".utf8) + [1, 2, 255, 255, 255, 1, 1, 0]) }
    }

    @Test func stacksAreStoredAsRunsAndLoneSerialsStillRead() throws {
        let state = Array(#"{"version":3,"firstResponder":"main/grid","windowCounter":1,"lastUndoSerial":104,"windows":[{"id":"main","kind":"browser","selection":[[4,2]],"image":null}]}"#.utf8)
        let entries = (1...104).map { SessionArchive.EntryArchive(serial: $0, name: "n\($0)", changes: ChangeSet()) }
        var archive = try SessionStateCoding.decode(state: state, stacks: [], entries: entries)
        #expect(SessionStateCoding.encodeState(archive) == state)
        archive.windows[0].undo = [2...100, 102...102]
        archive.windows[0].redo = [104...104]
        let stacks = SessionStateCoding.encodeStacks(archive)
        #expect(String(decoding: stacks, as: UTF8.self) == #"{"main":{"undo":[[2,100],[102,102]],"redo":[[104,104]]}}"#)
        #expect(try SessionStateCoding.decode(state: state, stacks: stacks, entries: entries) == archive)
        // The first format wrote every serial as a number: read as runs of one.
        let loose = Array(#"{"main":{"undo":[7,8],"redo":[]}}"#.utf8)
        #expect(try SessionStateCoding.decode(state: state, stacks: loose, entries: entries).windows[0].undo == [7...7, 8...8])
        for damaged in [#"{"main":{"undo":[[3,2]]}}"#, #"{"main":{"undo":[[0,2]]}}"#, #"{"main":{"undo":[[1]]}}"#, #"{"main":{"undo":[-1]}}"#, #"{"main":{"undo":[[1,2,3]]}}"#] {
            #expect(throws: SessionStateCoding.Malformed.self, "\(damaged)") {
                try SessionStateCoding.decode(state: state, stacks: Array(damaged.utf8), entries: entries)
            }
        }
    }

    @Test func aWindowsFollowingIsStoredAndStatesWithoutItReadAsNone() throws {
        let state = Array(#"{"version":3,"firstResponder":"main/grid","windowCounter":1,"lastUndoSerial":0,"windows":[{"id":"main","kind":"browser","selection":[],"image":7,"following":"eve"}]}"#.utf8)
        let archive = try SessionStateCoding.decode(state: state, stacks: [], entries: [])
        #expect(archive.windows[0].following == "eve")
        #expect(SessionStateCoding.encodeState(archive) == state)
        var none = archive
        none.windows[0].following = nil
        #expect(!String(decoding: SessionStateCoding.encodeState(none), as: UTF8.self).contains("following"))
        let number = Array(String(decoding: state, as: UTF8.self).replacingOccurrences(of: #""eve""#, with: "3").utf8)
        #expect(throws: SessionStateCoding.Malformed.self) { try SessionStateCoding.decode(state: number, stacks: [], entries: []) }
    }

    @Test(arguments: StorageEngine.allCases)
    func aSessionWithWindowsSelectionAndStacksComesBackWhole(engine: StorageEngine) throws {
        try engine.withLocation { location in
            let store = try location.open()
            _ = try store.seedDemoCatalogIfEmpty(count: 20, picturesDirectory: nil)
            let journal = SessionJournal(storage: store)
            let session = LiveSession(id: "s1", tokenDigest: [1, 2, 3], client: "127.0.0.1", now: .now)
            try Self.wait { journal.create(session, completion: $0) }

            var model = session.model
            let dispatcher = CommandDispatcher.standard
            let catalog = InMemoryCatalog(images: (1...20).map { Image(id: ImageID(Int64($0)), name: "\($0).jpg", rating: Rating(0)!) })
            for invocation in [
                Invocation(action: "select", arguments: ["images": ["img-3", "img-4", "img-9"]]),
                Invocation(action: "setRating", arguments: ["rating": 4]),
                Invocation(action: "setLabel", arguments: ["label": "red"]),
                Invocation(action: "undo"),
                Invocation(action: "newWindow"),
            ] {
                let outcome = try dispatcher.perform(invocation, in: model, catalog: catalog)
                catalog.apply(outcome.changes)
                model = outcome.session
            }
            let change = journal.change(of: session, to: model)
            #expect(change.write.addedEntries.map(\.serial).sorted() == [1, 3], "the rating's undo entry and the label's redo entry")
            try Self.wait { store.write(StorageWrite(session: change.write), stillValid: nil, completion: $0) }
            change.committed(on: session)
            session.model = model
            #expect(journal.change(of: session, to: model).write.addedEntries.isEmpty, "entries are written once")

            let restored = try #require(try journal.restore(now: .now).first)
            #expect(restored.id == "s1" && restored.tokenDigest == [1, 2, 3] && restored.client == "127.0.0.1")
            #expect(restored.model.archive == model.archive)
            #expect(restored.model.version == model.version)
            #expect(restored.storedEntries == SerialRuns([1, 3]))
            store.close()
        }
    }

    @Test(arguments: StorageEngine.allCases)
    func entriesNoStackNamesAnyMoreAreDeletedABatchAtATime(engine: StorageEngine) throws {
        // A new action clears the redo stack: its entry is no longer named, and the new one
        // is the only entry written.
        let session = LiveSession(id: "s", tokenDigest: [], now: .now)
        var harness = (model: Session(), catalog: InMemoryCatalog(images: (1...4).map { Image(id: ImageID(Int64($0)), name: "\($0)", rating: Rating(0)!) }))
        let perform = { (invocation: Invocation) throws -> CommandOutcome in
            let outcome = try CommandDispatcher.standard.perform(invocation, in: harness.model, catalog: harness.catalog)
            harness.catalog.apply(outcome.changes)
            harness.model = outcome.session
            return outcome
        }
        for invocation in [
            Invocation(action: "select", arguments: ["images": ["img-1"]]),
            Invocation(action: "setRating", arguments: ["rating": 2]),
            Invocation(action: "undo"),
        ] {
            _ = try perform(invocation)
        }
        try engine.withLocation { location in
            let store = try location.open()
            defer { store.close() }
            let journal = SessionJournal(storage: store)
            try Self.wait { journal.create(session, completion: $0) }
            let first = journal.change(of: session, to: harness.model)
            #expect(first.write.addedEntries.map(\.serial) == [2], "the redo entry undo registered; the undone one is gone")
            try Self.wait { store.write(StorageWrite(session: first.write), stillValid: nil, completion: $0) }
            first.committed(on: session)
            session.model = harness.model

            let second = journal.change(of: session, to: try perform(Invocation(action: "setRating", arguments: ["rating": 4])).session)
            #expect(second.write.addedEntries.map(\.serial) == [3])
            #expect(second.write.removedEntries.isEmpty, "one entry no stack names stays until a batch of them has gathered")
            #expect(second.entries == SerialRuns([2, 3]))
            try Self.wait { store.write(StorageWrite(session: second.write), stillValid: nil, completion: $0) }
            second.committed(on: session)
            session.model = harness.model

            // A full stack drops one entry per command; a hundred dropped go in one write,
            // as one run.
            var deletions: [[ClosedRange<Int>]] = []
            for rating in 0..<(UndoStack.levels + SessionJournal.deletionBatch) {
                let change = journal.change(of: session, to: try perform(Invocation(action: "setRating", arguments: ["rating": .number(Double(rating % 5))])).session)
                if !change.write.removedEntries.isEmpty { deletions.append(change.write.removedEntries) }
                try Self.wait { store.write(StorageWrite(session: change.write), stillValid: nil, completion: $0) }
                change.committed(on: session)
                session.model = harness.model
            }
            #expect(deletions.count == 1)
            #expect(deletions.first == [2...(SessionJournal.deletionBatch + 1)])
            #expect(session.storedEntries.count < UndoStack.levels + SessionJournal.deletionBatch)

            // What a restart reads back: every stored entry, named or not, so the rest still go.
            let restored = try #require(try journal.restore(now: .now).first)
            #expect(restored.storedEntries == session.storedEntries)
            #expect(restored.model.archive == harness.model.archive)
        }
    }

    private static func wait(_ start: (@escaping @Sendable (Result<Void, any Error>) -> Void) -> Void) throws {
        let done = DispatchSemaphore(value: 0)
        let result = Lock<Result<Void, any Error>?>(nil)
        start { outcome in
            result.withLock { $0 = outcome }
            done.signal()
        }
        done.wait()
        try result.withLock { $0! }.get()
    }
}
