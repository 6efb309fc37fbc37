import Foundation

/// What an instance does with what other instances relay to it (`CallRelay`). Each runs on
/// the relay's thread, in the order the database delivered them.
package struct CallRelayReceiver: Sendable {
    /// Another instance's command waits on call `call` of `session`: send `invoke` (an
    /// `invoke` event's data) to this instance's streams of it, or `disconnect` the call.
    package let invoked: @Sendable (_ call: String, _ session: String, _ invoke: [UInt8], _ deadline: Date) -> Void
    /// A call this instance made was settled elsewhere: with the client's `answer`, or
    /// without one (`nil`): `heard`, disconnected after a client took it; not, undelivered.
    package let settled: @Sendable (_ call: String, _ session: String, _ answer: [UInt8]?, _ heard: Bool) -> Void
    /// Whether another instance streams `session` changed.
    package let listenedElsewhere: @Sendable (_ session: String, _ elsewhere: Bool) -> Void
    /// Whether this instance has an open stream of `session`.
    package let isListenedHere: @Sendable (_ session: String) -> Bool
    /// Every session this instance has an open stream of, to publish again after the
    /// database restarted.
    package let listenedHere: @Sendable () -> [String]

    package init(
        invoked: @escaping @Sendable (_ call: String, _ session: String, _ invoke: [UInt8], _ deadline: Date) -> Void,
        settled: @escaping @Sendable (_ call: String, _ session: String, _ answer: [UInt8]?, _ heard: Bool) -> Void,
        listenedElsewhere: @escaping @Sendable (_ session: String, _ elsewhere: Bool) -> Void,
        isListenedHere: @escaping @Sendable (_ session: String) -> Bool,
        listenedHere: @escaping @Sendable () -> [String]
    ) {
        self.invoked = invoked
        self.settled = settled
        self.listenedElsewhere = listenedElsewhere
        self.isListenedHere = isListenedHere
        self.listenedHere = listenedHere
    }
}
