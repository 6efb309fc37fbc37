import Foundation

/// Remote-handler calls and event-stream presence shared by instances over one database.
///
/// A remote handler is live while its session has an open event stream on *any* instance,
/// and a command that reaches it may arrive at an instance other than the one holding the
/// stream. This seam carries what the instances must tell each other for that: which
/// sessions each one streams, the `invoke` of a call offered to the others' streams, and the
/// answer (or the disconnection) going back to the instance whose command waits. Storage
/// only this instance uses has no relay (`CatalogStorage.callRelay` is `nil`).
///
/// Everything but `answer` is asynchronous: it is done in order on the relay's own thread,
/// and what comes back arrives through `receiver`. `answer` is a client's request waiting:
/// it runs on a connection of its own, bounded in time.
package protocol CallRelay: AnyObject, Sendable {
    /// What this instance does with what the others send. Set before the first use.
    var receiver: CallRelayReceiver? { get set }

    /// Whether `session` has an open event stream on another instance that is running, as
    /// this instance last heard.
    func isListenedElsewhere(_ session: String) -> Bool

    /// This instance's streams of `session` opened or closed: the relay publishes whether it
    /// holds one now (`CallRelayReceiver.isListenedHere`), whichever way it changed.
    func listeningChanged(_ session: String)

    /// Offers call `call` of `session` to the streams other instances hold: they send
    /// `invoke` (the event's data) and relay its answer. A call nobody can hear comes back
    /// undelivered; one that could not be offered, too.
    func offer(call: String, session: String, invoke: [UInt8], deadline: Date)

    /// Settles another instance's call `call` of `session` with `answer` (the JSON the
    /// client posted). `false` when no such call waits; throws when storage is unreachable.
    func answer(call: String, session: String, answer: [UInt8]) throws -> Bool

    /// A stream of this instance's took another instance's call `call`: whatever instance
    /// settles it without an answer, it was heard. Done before this instance's streams of
    /// the session can be published as gone.
    func heard(call: String)

    /// This instance can no longer hear call `call`: its last stream closed after taking the
    /// call (`heard`), or no stream here took it at all. The call is settled disconnected, or
    /// undelivered (unless some instance marked it heard), unless another instance still
    /// streams its session.
    func disconnect(call: String, heard: Bool)

    /// The call this instance made is settled: its record goes.
    func forget(call: String)
}
