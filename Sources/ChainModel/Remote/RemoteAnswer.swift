/// How a client settled a remote call.
public enum RemoteAnswer: Sendable {
    /// Performed: the command answers with `result` and, when there are any, makes
    /// `changes` durable and undoable under the handler's undo name.
    case performed(result: [(key: String, value: JSON)], changes: [ImageChange])
    /// Refused: the error goes up the chain from the handler's responder through the
    /// catchers, as one thrown by a built-in performer would.
    case refused(title: String, detail: String)
}
