import ChainModel

/// A session's menu, validated against its chain and encoded once per session version and
/// catalog version, then served from those bytes until either moves.
struct MenuRenderer: Sendable {
    let menuBar: MenuBar
    let validator: MenuValidator
    let catalog: CatalogMirror

    /// The tag of `model`'s menu as the catalog stands now.
    func tag(of model: Session, explain: Bool) -> EntityTag {
        EntityTag.menu(session: model.version, catalog: catalog.version, explain: explain)
    }

    /// The bytes of the menu `tag` names: those kept on `session` when they are still the
    /// tag's, else validated and encoded now, and kept when no write moved the catalog
    /// meanwhile (so the bytes kept for a tag are always exactly that tag's).
    func body(of model: Session, tagged tag: EntityTag, in session: LiveSession, explain: Bool) -> [UInt8] {
        if let rendered = session.renderedMenu(for: tag) { return rendered }
        let body = MenuBody(
            entries: validator.validate(menuBar, in: model, catalog: catalog, explain: explain), firstResponder: model.firstResponder
        ).encoded()
        if !explain, self.tag(of: model, explain: false) == tag { session.keep(RenderedMenu(tag: tag, body: body)) }
        return body
    }
}
