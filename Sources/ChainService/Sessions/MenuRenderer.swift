import ChainModel

/// A session's menu and key sheet, validated against its chain and encoded once per session
/// version and catalog version, then served from those bytes until either moves.
package struct MenuRenderer: Sendable {
    package let menuBar: MenuBar
    package let contextMenus: ContextMenus
    package let validator: MenuValidator
    package let catalog: CatalogMirror

    package init(menuBar: MenuBar, contextMenus: ContextMenus = .none, validator: MenuValidator, catalog: CatalogMirror) {
        self.menuBar = menuBar
        self.contextMenus = contextMenus
        self.validator = validator
        self.catalog = catalog
    }

    /// The version of the session's menu as the catalog stands now.
    package func version(of view: SessionView, explain: Bool) -> MenuVersion {
        MenuVersion(session: view.version, catalog: catalog.version, live: view.remote.isLive, explain: explain)
    }

    /// The menu validated now, as the entries a body or a `menu` event is made of.
    package func entries(of view: SessionView, explain: Bool = false) -> [ValidatedMenuEntry] {
        validator.validate(menuBar, in: view.model, catalog: catalog, remote: view.remote, explain: explain)
    }

    /// What a `menu` event is a difference of: the menu's items, then the watched controls.
    package func state(of view: SessionView) -> MenuState {
        MenuState(entries(of: view), watches: watches(of: view), basis: (version: view.version, live: view.remote.isLive))
    }

    /// The controls the session's clients watch, validated now.
    package func watches(of view: SessionView) -> [ValidatedMenuItem] {
        guard !view.remote.watches.isEmpty else { return [] }
        return validator.validate(view.remote.watches, titledFrom: menuBar, in: view.model, catalog: catalog, remote: view.remote)
    }

    /// The items `ids` names (menu items, then watched controls by id) validated now, in one pass.
    package func items(_ ids: [String], of view: SessionView) -> [ValidatedMenuItem] {
        let contributed = view.remote.contributes ? view.remote.contributedItems.map(\.item) : []
        let items = ids.compactMap { id -> (item: MenuItem, start: ResponderPath?)? in
            if let item = menuBar.item(id: id) ?? contributed.first(where: { $0.id == id }) { return (item, nil) }
            return view.remote.watch(id).map { watch in
                (item: watch.menuItem(fallback: watch.title == nil ? menuBar.title(of: watch.invocation) : nil), start: watch.target)
            }
        }
        let offline = view.remote.isLive ? [] : Set(contributed.map(\.id))
        return validator.validate(items, offline: offline, in: view.model, catalog: catalog, remote: view.remote)
    }

    /// The bytes of the menu `tag` names: those kept on `session` when they are still the
    /// tag's, else validated and encoded now, and kept when no write moved the catalog
    /// meanwhile (so the bytes kept for a tag are always exactly that tag's).
    package func body(of view: SessionView, at version: MenuVersion, in session: LiveSession, explain: Bool) -> [UInt8] {
        if let rendered = session.renderedMenu(for: version) { return rendered }
        let body = MenuBody(entries: entries(of: view, explain: explain), firstResponder: view.model.firstResponder).encoded()
        if !explain, self.version(of: view, explain: false) == version { session.keep(RenderedMenu(version: version, body: body)) }
        return body
    }

    /// The bytes of the key sheet (`GET …/keys`) `version` names, kept as the menu's are.
    package func keySheetBody(of view: SessionView, at version: MenuVersion, in session: LiveSession) -> [UInt8] {
        if let rendered = session.renderedKeys(for: version) { return rendered }
        let scope = validator.dispatcher.scope(session: view.model, catalog: catalog, remote: view.remote)
        let body = KeySheetBody(entries: validator.dispatcher.keySheet(in: scope), firstResponder: view.model.firstResponder).encoded()
        if self.version(of: view, explain: false) == version { session.keep(keys: RenderedMenu(version: version, body: body)) }
        return body
    }

    /// `responder`'s context menu (`GET …/context-menu`), validated with every walk starting
    /// there, as a right-click on `image` would leave the session (`Session.clicked`), with the
    /// entity tag `etag` makes for it; `nil` when the responder's kind has none. Kept as the
    /// menu's are, for one responder and image at a time, tag included.
    package func contextMenu(
        of view: SessionView, responder: ResponderPath, image: ImageID?, at version: MenuVersion, in session: LiveSession,
        etag: () -> String
    ) -> RenderedMenu? {
        guard let kind = responder.kind, let menu = contextMenus.menu(of: kind) else { return nil }
        if !version.explain, let rendered = session.renderedContextMenu(for: version, responder: responder, image: image) {
            return rendered
        }
        let clicked = image.map { view.model.clicked($0, inGrid: responder) } ?? view.model
        let entries = validator.validate(menu, in: clicked, catalog: catalog, remote: view.remote, from: responder, explain: version.explain)
        let body = ContextMenuBody(responder: responder, image: image, entries: entries).encoded()
        let rendered = RenderedMenu(version: version, body: body, responder: responder, image: image, etag: etag())
        if !version.explain, self.version(of: view, explain: false) == version { session.keep(contextMenu: rendered) }
        return rendered
    }
}
