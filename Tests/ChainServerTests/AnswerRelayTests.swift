import Foundation
import Synchronization
import Testing

@testable import ChainServer

/// The hop that carries committed commands' answers off the writer's thread: every answer
/// runs once, in the order it was handed over, and none runs on the sender's thread.
@Suite("AnswerRelay")
struct AnswerRelayTests {
    @Test func everyAnswerRunsOnceInTheOrderSentAndOffTheSendersThread() {
        let relay = AnswerRelay()
        let ran = Mutex<[Int]>([])
        let onSender = Atomic<Int>(0)
        let done = DispatchSemaphore(value: 0)
        let count = 2_000

        let sender = pthread_self()
        for index in 0..<count {
            relay.send {
                if pthread_equal(pthread_self(), sender) != 0 { onSender.add(1, ordering: .relaxed) }
                let total = ran.withLock { ran in
                    ran.append(index)
                    return ran.count
                }
                if total == count { done.signal() }
            }
        }

        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(ran.withLock { $0 } == Array(0..<count))
        #expect(onSender.load(ordering: .relaxed) == 0)
    }

    @Test func answersSentFromManyThreadsAllRunAndKeepEachSendersOrder() {
        let relay = AnswerRelay()
        let ran = Mutex<[Int: [Int]]>([:])
        let finished = DispatchGroup()
        let senders = 4
        let perSender = 500

        for _ in 0..<(senders * perSender) { finished.enter() }
        DispatchQueue.concurrentPerform(iterations: senders) { sender in
            for index in 0..<perSender {
                relay.send {
                    ran.withLock { $0[sender, default: []].append(index) }
                    finished.leave()
                }
            }
        }

        #expect(finished.wait(timeout: .now() + 10) == .success)
        let bySender = ran.withLock { $0 }
        #expect(bySender.count == senders)
        for sender in 0..<senders {
            #expect(bySender[sender] == Array(0..<perSender))
        }
    }
}
