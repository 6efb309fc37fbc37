import ChainModel

/// A session object (`GET /v1/sessions/{id}`), with its token only when it is created.
struct SessionBody: WireObject {
    let id: String
    let session: Session
    /// The version clients see: the model's, plus remote-handler changes.
    let version: Int
    var token: String? = nil

    func members(_ member: inout JSONObjectWriter) {
        member("id", id)
        member("token", ifPresent: token)
        member("version", version)
        member("firstResponder", session.firstResponder)
        member("chain", session.chain())
        member("windows", session.windows.lazy.map(WindowBody.init))
    }
}
