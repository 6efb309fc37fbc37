import ChainService
import ChainSupport
import Foundation
import Synchronization
import Testing

/// `RemoteCalls` in process: a call settles `undelivered` (its command walks on past the
/// handler) only when no client can have it; one a stream here took, or one offered to
/// another instance, settles `disconnected` when its streams go.
@Suite("Remote calls")
struct RemoteCallsTests {
    /// What a call settled as (`nil` while it waits).
    final class Box: Sendable {
        let value = Lock<RemoteCalls.Settlement?>(nil)
    }

    static func name(_ settlement: RemoteCalls.Settlement?) -> String {
        switch settlement {
        case nil: "waiting"
        case .answered: "answered"
        case .timedOut: "timedOut"
        case .disconnected: "disconnected"
        case .undelivered: "undelivered"
        case .sessionEnded: "sessionEnded"
        }
    }

    /// Waits a little for a settlement made on a Dispatch thread.
    static func settled(_ box: Box) -> String {
        let deadline = ContinuousClock.now + .seconds(5)
        while box.value.withLock({ $0 == nil }), ContinuousClock.now < deadline { usleep(1_000) }
        return name(box.value.withLock { $0 })
    }

    /// A call of session `s`, and where its settlement lands.
    static func begin(_ calls: RemoteCalls) -> (String, Box) {
        let box = Box()
        let (id, _) = calls.begin(session: "s") { _, _, settlement in box.value.withLock { $0 = settlement } }
        return (id, box)
    }

    @Test func aCallNoStreamTookSettlesUndelivered() {
        let calls = RemoteCalls(timeout: .seconds(60))
        let (id, box) = Self.begin(calls)
        calls.settleUnheard(id)
        #expect(Self.settled(box) == "undelivered")
    }

    @Test func aCallAStreamTookNeverSettlesUndelivered() {
        let calls = RemoteCalls(timeout: .seconds(60))
        let (id, box) = Self.begin(calls)
        calls.markHeard(id)
        calls.settleUnheard(id)
        #expect(Self.name(box.value.withLock { $0 }) == "waiting")
        // Its streams going: the client may have it.
        calls.settleAll(of: "s", .disconnected)
        #expect(Self.settled(box) == "disconnected")
    }

    @Test func theStreamsGoingBeforeAnyTookTheCallSettleItUndelivered() {
        let calls = RemoteCalls(timeout: .seconds(60))
        let (_, box) = Self.begin(calls)
        calls.settleAll(of: "s", .disconnected)
        #expect(Self.settled(box) == "undelivered")
    }

    @Test func aCallHandedToAStreamThatOpensWhileItWaitsCountsAsHeard() {
        let calls = RemoteCalls(timeout: .seconds(60))
        let (id, box) = Self.begin(calls)
        calls.keep(id, invoke: Array("{}".utf8), deadline: Date().addingTimeInterval(60))
        #expect(calls.waitingInvokes(of: "s").count == 1)
        calls.settleUnheard(id)
        #expect(Self.name(box.value.withLock { $0 }) == "waiting")
    }

    @Test func anOfferedCallWaitsForTheOtherInstancesWord() {
        let calls = RemoteCalls(timeout: .seconds(60))
        let (id, box) = Self.begin(calls)
        calls.keep(id, invoke: Array("{}".utf8), deadline: Date().addingTimeInterval(60))
        calls.offerUnoffered(of: "s") { _ in }
        calls.settleUnheard(id)
        #expect(Self.name(box.value.withLock { $0 }) == "waiting")
        // The other instance took it nowhere: undelivered.
        calls.settleUnheard(id, evenIfOffered: true)
        #expect(Self.settled(box) == "undelivered")
    }

    @Test func anOfferedCallAStreamHereTookSettlesDisconnectedOnTheOtherInstancesWord() {
        let calls = RemoteCalls(timeout: .seconds(60))
        let (id, box) = Self.begin(calls)
        calls.keep(id, invoke: Array("{}".utf8), deadline: Date().addingTimeInterval(60))
        calls.offerUnoffered(of: "s") { _ in }
        calls.markHeard(id)
        calls.settleUnheard(id, evenIfOffered: true)
        #expect(Self.settled(box) == "disconnected")
    }
}
