import ChainModel
import ChainStorage
import Dispatch

/// Settles remote-handler calls with the answers clients give, wherever the call waits.
///
/// A call this instance made settles here. With instances sharing storage a client may
/// answer another instance's call: one relayed to this instance's streams, or one whose
/// stream is elsewhere (the client posted through a different instance than its stream's).
/// Those go through the relay synchronously, so the client's `204` means the call took its
/// answer and a `404` that it had none waiting; a local copy of a relayed call is then
/// dropped. What the relay brings back to this instance's own calls settles them here too.
package struct RemoteCallAnswers: Sendable {
    package let calls: RemoteCalls
    package let relay: (any CallRelay)?
    package let catalog: any CatalogReading & Sendable
    package let maxJSONDepth: Int

    package init(calls: RemoteCalls, relay: (any CallRelay)?, catalog: any CatalogReading & Sendable, maxJSONDepth: Int) {
        self.calls = calls
        self.relay = relay
        self.catalog = catalog
        self.maxJSONDepth = maxJSONDepth
    }

    /// Whether a call `id` could be waiting for `session`'s answer, before its body is read:
    /// one waiting here, or, with a relay, an id another instance gave out.
    package func mayWait(_ id: String, session: String) -> Bool {
        calls.isWaiting(id, session: session) || (relay != nil && isAnotherInstances(id))
    }

    /// Settles call `id` of `session` with `answer` (`body` as posted) and tells `completion`
    /// whether a call took it (`false`: none waits), or the error when storage could not be
    /// asked (the call is then as it was). A call of this instance's settles at once; another
    /// instance's is asked of storage off the caller's thread, which is a request's.
    package func answer(
        _ id: String, session: String, _ answer: RemoteAnswer, body: [UInt8],
        completion: @escaping @Sendable (Result<Bool, any Error>) -> Void
    ) {
        if calls.answer(id, session: session, answer, body: body, ownOnly: true) { return completion(.success(true)) }
        guard let relay, isAnotherInstances(id) else { return completion(.success(false)) }
        let calls = calls
        DispatchQueue.global().async {
            completion(Result {
                let settled = try relay.answer(call: id, session: session, answer: body)
                calls.drop(id)
                return settled
            })
        }
    }

    /// One of this instance's calls was settled through another instance: with the
    /// client's `answer` (read again here, against this instance's mirror), or without one
    /// (`nil`: disconnected when a client `heard` it, else undelivered), which a stream still
    /// open here overrides.
    package func settledElsewhere(_ id: String, session: String, answer: [UInt8]?, heard: Bool = true, listenedHere: Bool) {
        guard let answer else {
            // A stream here may still answer; a stream opening elsewhere gets it offered again.
            if listenedHere {
                calls.markUnoffered(id)
            } else if heard {
                calls.settle(id, .disconnected)
            } else {
                // Taken nowhere else; but a stream here may have taken it before it closed.
                calls.settleUnheard(id, evenIfOffered: true)
            }
            return
        }
        guard let body = try? JSONParser.parse(answer, maxDepth: maxJSONDepth),
              let parsed = try? CallAnswerRequest(body: body, catalog: catalog).answer
        else { return calls.settle(id, .disconnected) }
        _ = calls.answer(id, session: session, parsed, body: answer)
    }

    /// An id shaped as another instance gives them out (`c-` and an eight-character mark,
    /// not this instance's), so a stray one costs no trip to storage.
    private func isAnotherInstances(_ id: String) -> Bool {
        let parts = id.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "c", parts[1].count == 8, parts[1].allSatisfy(\.isHexDigit),
              !parts[2].isEmpty, parts[2].count <= 18, parts[2].allSatisfy(\.isASCII), parts[2].allSatisfy(\.isNumber)
        else { return false }
        return !id.hasPrefix(calls.prefix)
    }
}
