import ChainPostgreSQL
import ChainStorage
import ChainSupport
import ChainTestSupport
import Foundation
import Synchronization
import Testing

/// `PostgresCallRelay` at the storage seam: two stores on one database, each relay with a
/// receiver that records what reaches it. Streams published by one are counted by the
/// other; a call offered by one reaches the other, and its answer comes back once.
@Suite("PostgreSQL call relay")
struct PostgresCallRelayTests {
    /// One instance's store, its relay's receiver, and what reached it.
    final class Instance: Sendable {
        struct Heard: Sendable {
            var invoked: [(call: String, session: String, invoke: [UInt8])] = []
            var settled: [(call: String, session: String, answer: [UInt8]?, heard: Bool)] = []
            var elsewhere: [String: Bool] = [:]
        }

        let store: PostgresCatalogStore
        let heard = Lock(Heard())
        /// Sessions this instance streams, as its receiver answers.
        let streaming = Lock<Set<String>>([])

        init(url: String) throws {
            store = try PostgresCatalogStore(url: url, durability: .off, readerCount: 1)
            store.relay.receiver = CallRelayReceiver(
                invoked: { [weak self] call, session, invoke, _ in self?.heard.withLock { $0.invoked.append((call, session, invoke)) } },
                settled: { [weak self] call, session, answer, heard in self?.heard.withLock { $0.settled.append((call, session, answer, heard)) } },
                listenedElsewhere: { [weak self] session, elsewhere in self?.heard.withLock { $0.elsewhere[session] = elsewhere } },
                isListenedHere: { [weak self] session in self?.streaming.withLock { $0.contains(session) } ?? false },
                listenedHere: { [weak self] in Array(self?.streaming.withLock { $0 } ?? []) })
        }

        func stream(_ session: String, _ open: Bool) {
            streaming.withLock { streaming in
                if open { streaming.insert(session) } else { streaming.remove(session) }
            }
            store.relay.listeningChanged(session)
        }

        /// Waits up to ten seconds for `condition` on what was heard; checks once more at the end.
        func waitFor(_ condition: (Heard) -> Bool) -> Bool {
            let deadline = ContinuousClock.now + .seconds(10)
            while !heard.withLock({ condition($0) }), ContinuousClock.now < deadline { usleep(2_000) }
            return heard.withLock { condition($0) }
        }
    }

    static func twoInstances() throws -> (Instance, Instance) {
        let url = try PostgresCluster.start().createDatabase()
        return (try Instance(url: url), try Instance(url: url))
    }

    @Test func aStreamPublishedOnOneIsCountedOnTheOtherUntilItCloses() throws {
        let (a, b) = try Self.twoInstances()
        defer { a.store.close(); b.store.close() }
        b.stream("s-1", true)
        #expect(a.waitFor { $0.elsewhere["s-1"] == true })
        #expect(a.store.relay.isListenedElsewhere("s-1"))
        // B's own stream is not "elsewhere" to B.
        #expect(!b.store.relay.isListenedElsewhere("s-1"))
        b.stream("s-1", false)
        #expect(a.waitFor { $0.elsewhere["s-1"] == false })
        #expect(!a.store.relay.isListenedElsewhere("s-1"))
    }

    @Test func anOfferedCallReachesTheStreamingInstanceAndItsAnswerComesBackOnce() throws {
        let (a, b) = try Self.twoInstances()
        defer { a.store.close(); b.store.close() }
        b.stream("s-2", true)
        #expect(a.waitFor { $0.elsewhere["s-2"] == true })
        let invoke = Array(#"{"call":"c-a-1"}"#.utf8)
        a.store.relay.offer(call: "c-a-1", session: "s-2", invoke: invoke, deadline: Date().addingTimeInterval(30))
        #expect(b.waitFor { $0.invoked.contains { $0.call == "c-a-1" && $0.session == "s-2" && $0.invoke == invoke } })
        // The caller hears nothing of its own offer.
        #expect(a.heard.withLock { $0.invoked.isEmpty })

        // Another session's client cannot answer it; the right one can, once.
        #expect(try b.store.relay.answer(call: "c-a-1", session: "s-other", answer: Array(#"{"result":{}}"#.utf8)) == false)
        let answer = Array(#"{"result":{"n":1}}"#.utf8)
        #expect(try b.store.relay.answer(call: "c-a-1", session: "s-2", answer: answer) == true)
        #expect(try b.store.relay.answer(call: "c-a-1", session: "s-2", answer: answer) == false)
        #expect(a.waitFor { $0.settled.contains { $0.call == "c-a-1" && $0.answer == answer } })
        #expect(a.heard.withLock { $0.settled.count } == 1)
        #expect(b.heard.withLock { $0.settled.isEmpty })
    }

    @Test func aCallNobodyElseStreamsComesBackUndelivered() throws {
        let (a, b) = try Self.twoInstances()
        defer { a.store.close(); b.store.close() }
        a.store.relay.offer(call: "c-a-2", session: "s-3", invoke: [0x7B, 0x7D], deadline: Date().addingTimeInterval(30))
        #expect(a.waitFor { $0.settled.contains { $0.call == "c-a-2" && $0.answer == nil && !$0.heard } })
        #expect(b.heard.withLock { $0.invoked.isEmpty })
    }

    @Test func aDisconnectSettlesTheCallUnlessAnotherInstanceStillStreams() throws {
        let url = try PostgresCluster.start().createDatabase()
        let (a, b, c) = (try Instance(url: url), try Instance(url: url), try Instance(url: url))
        defer { a.store.close(); b.store.close(); c.store.close() }
        b.stream("s-4", true)
        c.stream("s-4", true)
        #expect(a.waitFor { $0.elsewhere["s-4"] == true })
        a.store.relay.offer(call: "c-a-3", session: "s-4", invoke: [0x7B, 0x7D], deadline: Date().addingTimeInterval(30))
        #expect(b.waitFor { $0.invoked.contains { $0.call == "c-a-3" } })
        #expect(c.waitFor { $0.invoked.contains { $0.call == "c-a-3" } })
        // B's stream closes: C still streams the session, so the call stays open.
        b.stream("s-4", false)
        b.store.relay.disconnect(call: "c-a-3", heard: true)
        usleep(300_000)
        #expect(a.heard.withLock { $0.settled.isEmpty })
        // C's closes too: now it is disconnected.
        c.stream("s-4", false)
        c.store.relay.disconnect(call: "c-a-3", heard: true)
        #expect(a.waitFor { $0.settled.contains { $0.call == "c-a-3" && $0.answer == nil && $0.heard } })
    }

    /// Three instances: B's stream took the call and then went; C, which never streamed the
    /// session, says it could not deliver it. The caller hears it was heard: disconnected.
    @Test func aCallOneInstanceDeliveredIsNeverUndeliveredByAnother() throws {
        let url = try PostgresCluster.start().createDatabase()
        let (a, b, c) = (try Instance(url: url), try Instance(url: url), try Instance(url: url))
        defer { a.store.close(); b.store.close(); c.store.close() }
        b.stream("s-7", true)
        #expect(a.waitFor { $0.elsewhere["s-7"] == true })
        a.store.relay.offer(call: "c-a-7", session: "s-7", invoke: [0x7B, 0x7D], deadline: Date().addingTimeInterval(30))
        #expect(b.waitFor { $0.invoked.contains { $0.call == "c-a-7" } })
        b.store.relay.heard(call: "c-a-7")
        b.stream("s-7", false)
        #expect(c.waitFor { $0.elsewhere["s-7"] != true })
        c.store.relay.disconnect(call: "c-a-7", heard: false)
        #expect(a.waitFor { $0.settled.contains { $0.call == "c-a-7" && $0.answer == nil && $0.heard } })
    }

    @Test func aCallTheOtherInstanceCouldNotDeliverComesBackUndelivered() throws {
        let (a, b) = try Self.twoInstances()
        defer { a.store.close(); b.store.close() }
        b.stream("s-6", true)
        #expect(a.waitFor { $0.elsewhere["s-6"] == true })
        a.store.relay.offer(call: "c-a-6", session: "s-6", invoke: [0x7B, 0x7D], deadline: Date().addingTimeInterval(30))
        #expect(b.waitFor { $0.invoked.contains { $0.call == "c-a-6" } })
        // B's only stream had closed before the call reached it: no client heard it.
        b.stream("s-6", false)
        b.store.relay.disconnect(call: "c-a-6", heard: false)
        #expect(a.waitFor { $0.settled.contains { $0.call == "c-a-6" && $0.answer == nil && !$0.heard } })
    }

    @Test func aClosedInstancesStreamsStopCounting() throws {
        let (a, b) = try Self.twoInstances()
        defer { a.store.close() }
        b.stream("s-5", true)
        #expect(a.waitFor { $0.elsewhere["s-5"] == true })
        // Closed without unpublishing, as a killed instance would: its running lock goes
        // with its listening connection, and the next count leaves its rows out.
        b.store.close()
        #expect(a.waitFor { $0.elsewhere["s-5"] == false })
    }
}
