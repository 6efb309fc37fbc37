import ChainModel
import Foundation
import Synchronization
import Testing

@testable import ChainServer

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

    @Test func aSessionWithWindowsSelectionAndStacksComesBackWhole() throws {
        try TemporaryDirectory.with { directory in
            let store = try SQLiteCatalogStore(directory: directory, durability: .off)
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
            #expect(restored.storedEntries == [1, 3])
            store.close()
        }
    }

    @Test func entriesNoStackNamesAnyMoreAreDeleted() throws {
        #expect(SessionJournal.missing(from: [2, 5, 7], in: [1, 2, 3, 5, 9]) == [1, 3, 9])
        #expect(SessionJournal.missing(from: [], in: [4]) == [4])
        #expect(SessionJournal.missing(from: [1, 2], in: []) == [])

        // A new action clears the redo stack: its entry goes, and the new one is the only write.
        let session = LiveSession(id: "s", tokenDigest: [], now: .now)
        var harness = (model: Session(), catalog: InMemoryCatalog(images: (1...4).map { Image(id: ImageID(Int64($0)), name: "\($0)", rating: Rating(0)!) }))
        for invocation in [
            Invocation(action: "select", arguments: ["images": ["img-1"]]),
            Invocation(action: "setRating", arguments: ["rating": 2]),
            Invocation(action: "undo"),
        ] {
            let outcome = try CommandDispatcher.standard.perform(invocation, in: harness.model, catalog: harness.catalog)
            harness.catalog.apply(outcome.changes)
            harness.model = outcome.session
        }
        try TemporaryDirectory.with { directory in
            let store = try SQLiteCatalogStore(directory: directory, durability: .off)
            defer { store.close() }
            let journal = SessionJournal(storage: store)
            let first = journal.change(of: session, to: harness.model)
            #expect(first.write.addedEntries.map(\.serial) == [2], "the redo entry undo registered; the undone one is gone")
            first.committed(on: session)
            let outcome = try CommandDispatcher.standard.perform(
                Invocation(action: "setRating", arguments: ["rating": 4]), in: harness.model, catalog: harness.catalog)
            let second = journal.change(of: session, to: outcome.session)
            #expect(second.write.addedEntries.map(\.serial) == [3])
            #expect(second.write.removedEntries == [2])
            #expect(second.entries == [3])
        }
    }

    private static func wait(_ start: (@escaping @Sendable (Result<Void, any Error>) -> Void) -> Void) throws {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Result<Void, any Error>?>(nil)
        start { outcome in
            result.withLock { $0 = outcome }
            done.signal()
        }
        done.wait()
        try result.withLock { $0! }.get()
    }
}
