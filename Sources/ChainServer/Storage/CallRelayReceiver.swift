import Foundation

/// What an instance does with what other instances relay to it (`CallRelay`). Each runs on
/// the relay's thread, in the order the database delivered them.
struct CallRelayReceiver: Sendable {
    /// Another instance's command waits on call `call` of `session`: send `invoke` (an
    /// `invoke` event's data) to this instance's streams of it, or `disconnect` the call.
    let invoked: @Sendable (_ call: String, _ session: String, _ invoke: [UInt8], _ deadline: Date) -> Void
    /// A call this instance made was settled elsewhere: with the client's `answer`, or
    /// without one (`nil`): `heard`, disconnected after a client took it; not, undelivered.
    let settled: @Sendable (_ call: String, _ session: String, _ answer: [UInt8]?, _ heard: Bool) -> Void
    /// Whether another instance streams `session` changed.
    let listenedElsewhere: @Sendable (_ session: String, _ elsewhere: Bool) -> Void
    /// Whether this instance has an open stream of `session`.
    let isListenedHere: @Sendable (_ session: String) -> Bool
    /// Every session this instance has an open stream of, to publish again after the
    /// database restarted.
    let listenedHere: @Sendable () -> [String]
}
