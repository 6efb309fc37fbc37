import ChainModel

/// A session object (`GET /v1/sessions/{id}`), with its token only when it is created.
package struct SessionBody: WireObject {
    package let id: String
    package let session: Session
    /// The version clients see: the model's, plus remote-handler changes.
    package let version: Int
    package var token: String? = nil
    /// Who the session acts for: in the session object of `GET`/`POST …/sessions` and `hello`.
    package var principal: Principal? = nil
    /// What each grid's `total` counts its working set in.
    package let catalog: any CatalogReading

    package init(
        id: String, session: Session, version: Int, token: String? = nil, principal: Principal? = nil, catalog: any CatalogReading
    ) {
        self.id = id
        self.session = session
        self.version = version
        self.token = token
        self.principal = principal
        self.catalog = catalog
    }

    package func members(_ member: inout JSONObjectWriter) {
        member("id", id)
        member("token", ifPresent: token)
        member("version", version)
        member("principal", ifPresent: principal.map(PrincipalBody.init))
        member("firstResponder", session.firstResponder)
        member("chain", session.chain())
        member("windows", session.windows.lazy.map { WindowBody(window: $0, session: session, catalog: catalog) })
    }
}
