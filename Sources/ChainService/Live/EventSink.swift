/// One client's open event stream, as the service writes to it: the bytes of whole
/// `text/event-stream` frames go in, and the stream says whether its client is still there.
/// The API implements it over an HTTP stream (`HTTPStream`); the service never sees HTTP.
package protocol EventSink: AnyObject, Sendable {
    /// Queues the stream's first events (its `hello`, or a replay), counted apart so that a
    /// client that never read them is known.
    func sendOpening(_ bytes: [UInt8])
    /// Queues `bytes`; false when the stream cannot take them (closed, cut, or over its cap).
    @discardableResult func send(_ bytes: [UInt8]) -> Bool
    /// Ends the stream once what is queued has gone out.
    func finish()
    /// Whether the stream is finished, cut or closed: nothing sent to it reaches a client.
    var isOver: Bool { get }
    /// Cuts the stream when its client has taken none of the bytes waiting for it for
    /// `limit`; returns whether it did.
    func cutIfStalled(after limit: Duration, now: ContinuousClock.Instant) -> Bool
    /// Whether the client is known to have hung up.
    func clientHasLeft() -> Bool
    /// Runs `action` once the stream is closed (at once if it already is).
    func onClose(_ action: @escaping @Sendable () -> Void)
}
