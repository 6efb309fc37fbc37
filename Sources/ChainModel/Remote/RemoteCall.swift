/// A command whose walk ended at a remote handler: what the client is asked to perform, with
/// the context it needs (the window, its selection, the image shown). Nothing has changed
/// yet; `CommandDispatcher.complete` turns the client's answer into the command's outcome.
public struct RemoteCall: Sendable {
    public var handler: RemoteHandler
    public var invocation: Invocation
    /// The command's start responder, as it was asked (the first responder when `nil`).
    public var start: ResponderPath?
    public var window: String?
    public var selection: ImageSelection
    public var image: ImageID?
    public var trace: [TraceStep]
    /// For a key press: what took the key, for the outcome once the client answers.
    public var key: KeyResolution? = nil
}
