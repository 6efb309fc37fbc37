import ChainModel

/// What a client draws of each menu item (enabled, state, title, hidden, target), flattened
/// in menu order: the unit `menu` events are differences of.
package struct MenuState: Sendable, Equatable {
    package struct Item: Sendable, Equatable {
        package let id: String
        package let isEnabled: Bool
        package let state: CheckState
        package let title: String
        package let isHidden: Bool
        package let target: ResponderPath?
        /// Whether its validation read the catalog (not part of what a client is sent).
        package var readsCatalog = false

        package init(
            id: String, isEnabled: Bool, state: CheckState, title: String, isHidden: Bool, target: ResponderPath?,
            readsCatalog: Bool = false
        ) {
            self.id = id
            self.isEnabled = isEnabled
            self.state = state
            self.title = title
            self.isHidden = isHidden
            self.target = target
            self.readsCatalog = readsCatalog
        }

        package init(_ item: ValidatedMenuItem) {
            self.init(
                id: item.item.id, isEnabled: item.isEnabled, state: item.state, title: item.title, isHidden: item.isHidden,
                target: item.target, readsCatalog: item.readsCatalog)
        }

        package static func == (lhs: Item, rhs: Item) -> Bool {
            lhs.id == rhs.id && lhs.isEnabled == rhs.isEnabled && lhs.state == rhs.state && lhs.title == rhs.title
                && lhs.isHidden == rhs.isHidden && lhs.target == rhs.target
        }
    }

    package let items: [Item]
    /// The session version and handler liveness the items were validated at, when known:
    /// while both hold, only items that read the catalog can change.
    package var basis: (version: Int, live: Bool)?

    package init(items: [Item], basis: (version: Int, live: Bool)? = nil) {
        self.items = items
        self.basis = basis
    }

    /// The menu's items in menu order, then the watched controls'.
    package init(_ entries: [ValidatedMenuEntry], watches: [ValidatedMenuItem] = [], basis: (version: Int, live: Bool)? = nil) {
        var items: [Item] = []
        func visit(_ entry: ValidatedMenuEntry) {
            switch entry {
            case .submenu(_, _, let entries): entries.forEach(visit)
            case .item(let item): items.append(Item(item))
            }
        }
        entries.forEach(visit)
        items += watches.map(Item.init)
        self.items = items
        self.basis = basis
    }

    package static func == (lhs: MenuState, rhs: MenuState) -> Bool { lhs.items == rhs.items }

    /// The items that read the catalog, in order: what a catalog change re-validates.
    package var catalogReaders: [String] { items.compactMap { $0.readsCatalog ? $0.id : nil } }

    /// This state with its catalog readers replaced by `revalidated`, their new validation
    /// in the same order (`catalogReaders`'), merged in one pass.
    package func replacingCatalogReaders(with revalidated: [ValidatedMenuItem]) -> MenuState {
        var next = revalidated.makeIterator()
        return MenuState(items: items.map { item in
            guard item.readsCatalog, let fresh = next.next() else { return item }
            return Item(fresh)
        }, basis: basis)
    }

    /// The items of `self` that differ from `old` (all of them when there is no `old`).
    package func changes(since old: MenuState?) -> [Item] {
        guard let old, old.items.count == items.count else { return items }
        return zip(items, old.items).compactMap { new, old in new == old ? nil : new }
    }
}
