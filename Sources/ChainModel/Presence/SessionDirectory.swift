/// What a session may know of the other live sessions of its catalog: which exist, and what
/// each one's viewer shows. The service provides it (from every instance sharing the
/// catalog); the model only asks, so `follow` stays a pure decision.
public protocol SessionDirectory: Sendable {
    /// Whether `session` names a live session.
    func isLive(_ session: String) -> Bool
    /// The image `session`'s viewer shows (`Session.shownImage`), `nil` when none or no such
    /// session.
    func image(shownBy session: String) -> ImageID?
}

/// A session's own id and the directory of the others, carried by the model so that
/// validation and performers can reach them (`Session.peers`). Not archived: the server
/// gives it again to every session it holds. A class, so the session (copied per command and
/// per validation) carries one reference rather than an id and an existential to copy.
public final class Peers: Sendable {
    public let session: String
    public let directory: any SessionDirectory

    public init(session: String, directory: any SessionDirectory) {
        self.session = session
        self.directory = directory
    }
}
