import ChainModel
import ChainStorage
import Foundation

/// Calls to remote handlers: `invoke` to the session's streams here, and through the relay to
/// other instances' streams of it.
extension LiveEvents {
    /// A command reached a remote handler: `invoke` goes to the session's streams here,
    /// and is offered to other instances' when one streams the session. Then, unless a
    /// stream here took it or it was offered elsewhere (where it may still come back
    /// undelivered), it settles `undelivered`: nobody was told anything.
    package func invoke(_ call: RemoteCall, id: String, deadline: Date, on session: LiveSession) {
        // Straight to the streams, not behind the events queue: a client is waiting on it,
        // and the queue may be busy fanning a commit out to a thousand sessions.
        let event = LiveEvent.invoke(InvokeBody(call: id, remote: call, deadline: Self.timestamp(deadline)))
        _ = session.events.deliver(event) { calls.markHeard(id) }
        if relay != nil {
            calls.keep(id, invoke: event.data, deadline: deadline)
            offerWaitingCalls(of: session)
        }
        // One step with the marks: a stream opening meanwhile was handed it (heard), and an
        // instance streaming the session was offered it (offered).
        calls.settleUnheard(id)
    }

    /// Offers this instance's calls of `session` not yet offered to other instances' streams,
    /// when one streams it: at the call, when such a stream opens, or when the last stream
    /// here closes while one is open elsewhere (its client moved there).
    package func offerWaitingCalls(of session: LiveSession) {
        guard let relay, session.events.isListenedElsewhere else { return }
        calls.offerUnoffered(of: session.id) { offer in
            relay.offer(call: offer.id, session: session.id, invoke: offer.invoke, deadline: offer.deadline)
        }
    }

    /// Another instance's call of `session`, relayed here: `invoke` goes to this instance's
    /// streams, and the call waits here for its client's answer, which goes back through the
    /// relay; if no stream here takes it, it goes back undelivered at once.
    package func invokeRelayed(_ call: String, invoke data: [UInt8], deadline: Date, on session: LiveSession) {
        guard let relay else { return }
        // Answers to it go straight through the relay (`RemoteCallAnswers`), not through here.
        calls.adopt(call, session: session.id, deadline: deadline) { settlement in
            switch settlement {
            case .disconnected, .sessionEnded: relay.disconnect(call: call, heard: true)
            case .undelivered: relay.disconnect(call: call, heard: false)
            case .answered, .timedOut: break  // the caller's own deadline settles it
            }
        }
        // The last stream may have closed meanwhile: then nobody here heard it.
        let taken: () -> Void = { [calls] in
            calls.markHeard(call)
            relay.heard(call: call)
        }
        if !session.events.deliver(LiveEvent(.invoke, encoded: data), taken: taken) { calls.settleUnheard(call) }
    }

    /// RFC 3339 in UTC with milliseconds.
    package static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }
}
