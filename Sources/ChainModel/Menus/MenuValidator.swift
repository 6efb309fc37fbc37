/// A menu item as it stands now for one session: the item, who would perform it, and what
/// that responder's validation said.
public struct ValidatedMenuItem: Sendable {
    public var item: MenuItem
    public var target: ResponderPath?
    public var isEnabled: Bool
    public var state: CheckState
    public var title: String
    public var isHidden: Bool
    public var trace: [TraceStep]?
    /// Whether validating it read the catalog: only such items can change when the catalog
    /// does and the session does not.
    public var readsCatalog = false
}

extension ValidatedMenuItem {
    /// For other modules, which do not see the memberwise initializer.
    public init(
        item: MenuItem, target: ResponderPath?, isEnabled: Bool, state: CheckState, title: String, isHidden: Bool
    ) {
        self.item = item
        self.target = target
        self.isEnabled = isEnabled
        self.state = state
        self.title = title
        self.isHidden = isHidden
        self.trace = nil
    }
}

public enum ValidatedMenuEntry: Sendable {
    case item(ValidatedMenuItem)
    case submenu(id: String, title: String, entries: [ValidatedMenuEntry])
}

/// Validates a whole menu bar against one session's chain in one pass, sharing work
/// between items (one rating histogram per responder, not per item).
public struct MenuValidator: Sendable {
    public let dispatcher: CommandDispatcher

    public init(dispatcher: CommandDispatcher) {
        self.dispatcher = dispatcher
    }

    /// Validates the bar with the items `remote`'s handlers contribute in place; those of a
    /// handler that is not live show disabled, with no target.
    public func validate(
        _ bar: MenuBar, in session: Session, catalog: any CatalogReading, remote: RemoteHandlers = .none, explain: Bool = false
    ) -> [ValidatedMenuEntry] {
        let scope = dispatcher.scope(session: session, catalog: catalog, remote: remote)
        guard remote.contributes else { return bar.menus.map { validate($0, scope: scope, explain: explain) } }
        let contributed = remote.contributedItems
        let offline = remote.isLive ? [] : Set(contributed.map(\.item.id))
        return bar.menus(adding: contributed).map { validate($0, scope: scope, explain: explain, from: nil, offline: offline) }
    }

    public func validate(_ item: MenuItem, in session: Session, catalog: any CatalogReading, explain: Bool = false) -> ValidatedMenuItem {
        validate(item, scope: dispatcher.scope(session: session, catalog: catalog), explain: explain)
    }

    /// Validates some items of a menu in one pass (sharing histograms between them), each
    /// walked from its start (the first responder when `nil`).
    public func validate(
        _ items: [(item: MenuItem, start: ResponderPath?)], in session: Session, catalog: any CatalogReading,
        remote: RemoteHandlers = .none
    ) -> [ValidatedMenuItem] {
        let scope = dispatcher.scope(session: session, catalog: catalog, remote: remote)
        return items.map { validate($0.item, scope: scope, explain: false, from: $0.start) }
    }

    /// Validates some items of a menu in one pass (sharing histograms between them).
    public func validate(
        _ items: [MenuItem], in session: Session, catalog: any CatalogReading, remote: RemoteHandlers = .none
    ) -> [ValidatedMenuItem] {
        validate(items.map { (item: $0, start: nil) }, in: session, catalog: catalog, remote: remote)
    }

    /// Validates the controls a session's clients watch, each from its target; one without a
    /// title takes the title of `bar`'s item with the same action and arguments.
    public func validate(
        _ watches: [WatchedControl], titledFrom bar: MenuBar?, in session: Session, catalog: any CatalogReading,
        remote: RemoteHandlers = .none
    ) -> [ValidatedMenuItem] {
        let items = watches.map { watch in
            (item: watch.menuItem(fallback: watch.title == nil ? bar?.title(of: watch.invocation) : nil), start: watch.target)
        }
        return validate(items, in: session, catalog: catalog, remote: remote)
    }

    /// Validates a context menu with every walk starting at `start`, the responder clicked.
    public func validate(
        _ menu: Menu, in session: Session, catalog: any CatalogReading, remote: RemoteHandlers = .none,
        from start: ResponderPath, explain: Bool = false
    ) -> [ValidatedMenuEntry] {
        let scope = dispatcher.scope(session: session, catalog: catalog, remote: remote)
        guard case .submenu(_, _, let entries) = validate(menu, scope: scope, explain: explain, from: start, offline: []) else { return [] }
        return entries
    }

    /// The menu bar's usual pass: every walk from the first responder, nothing offline.
    private func validate(_ menu: Menu, scope: ValidationScope, explain: Bool) -> ValidatedMenuEntry {
        .submenu(id: menu.id, title: menu.title, entries: menu.entries.map { entry in
            switch entry {
            case .item(let item): .item(validate(item, scope: scope, explain: explain))
            case .submenu(let submenu): validate(submenu, scope: scope, explain: explain)
            }
        })
    }

    /// A pass with walks from `start` (a context menu) or with contributed items whose
    /// handler is not live (`offline`).
    private func validate(
        _ menu: Menu, scope: ValidationScope, explain: Bool, from start: ResponderPath?, offline: Set<String>
    ) -> ValidatedMenuEntry {
        .submenu(id: menu.id, title: menu.title, entries: menu.entries.map { entry in
            switch entry {
            case .item(let item) where offline.contains(item.id): .item(Self.offline(item, explain: explain))
            case .item(let item): .item(validate(item, scope: scope, explain: explain, from: start))
            case .submenu(let submenu): validate(submenu, scope: scope, explain: explain, from: start, offline: offline)
            }
        })
    }

    /// A contributed item whose handler is not live: disabled, with no target.
    static func offline(_ item: MenuItem, explain: Bool) -> ValidatedMenuItem {
        ValidatedMenuItem(
            item: item, target: nil, isEnabled: false, state: .off, title: item.title, isHidden: false, trace: explain ? [] : nil)
    }

    /// Validates items, each from its start, those in `offline` as `offline(_:explain:)`.
    public func validate(
        _ items: [(item: MenuItem, start: ResponderPath?)], offline: Set<String>, in session: Session,
        catalog: any CatalogReading, remote: RemoteHandlers = .none
    ) -> [ValidatedMenuItem] {
        let scope = dispatcher.scope(session: session, catalog: catalog, remote: remote)
        return items.map {
            !offline.isEmpty && offline.contains($0.item.id)
                ? Self.offline($0.item, explain: false) : validate($0.item, scope: scope, explain: false, from: $0.start)
        }
    }

    @inline(__always)
    private func validate(_ item: MenuItem, scope: ValidationScope, explain: Bool, from start: ResponderPath? = nil) -> ValidatedMenuItem {
        let action = item.action
        let readsBefore = scope.catalogReads
        let resolution = dispatcher.resolve(
            action, item.arguments, column: dispatcher.registry.column(of: action), in: scope, from: start,
            explain: explain, preparing: false
        )
        let validation = resolution.validation
        return ValidatedMenuItem(
            item: item, target: resolution.target, isEnabled: resolution.isEnabled, state: validation?.state ?? .off,
            title: validation?.title ?? item.title, isHidden: validation?.isHidden ?? false,
            trace: explain ? resolution.trace : nil, readsCatalog: scope.catalogReads != readsBefore
        )
    }
}
