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
        /// Where it stands: its menu's id and the entry before it (`nil`: first), and the item
        /// itself, for an item a `menu` event adds. A watched control has no menu.
        package var menu: String? = nil
        package var after: String? = nil
        package var source: MenuItem? = nil

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

        package init(_ item: ValidatedMenuItem, menu: String? = nil, after: String? = nil) {
            self.init(
                id: item.item.id, isEnabled: item.isEnabled, state: item.state, title: item.title, isHidden: item.isHidden,
                target: item.target, readsCatalog: item.readsCatalog)
            self.menu = menu
            self.after = after
            source = menu == nil ? nil : item.item
        }

        /// The item as a menu lists it, for a `menu` event's `added`.
        package var validated: ValidatedMenuItem? {
            source.map { ValidatedMenuItem(item: $0, target: target, isEnabled: isEnabled, state: state, title: title, isHidden: isHidden) }
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
        func visit(_ entries: [ValidatedMenuEntry], in menu: String?) {
            var previous: String?
            for entry in entries {
                switch entry {
                case .submenu(let id, _, let inner):
                    visit(inner, in: id)
                    previous = id
                case .item(let item):
                    items.append(Item(item, menu: menu, after: previous))
                    previous = item.item.id
                }
            }
        }
        visit(entries, in: nil)
        items += watches.map { Item($0) }
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

    /// What a `menu` event says: the items whose validation changed, and the menu items
    /// added (with where they go) and removed, as contributed items come and go.
    package struct Delta: Sendable {
        package var items: [Item]
        package var added: [Item] = []
        package var removed: [String] = []

        package var isEmpty: Bool { items.isEmpty && added.isEmpty && removed.isEmpty }
    }

    /// How `self` differs from `old` (every item changed when there is no `old`). Watched
    /// controls that are new count as changed, not added: they are no menu's.
    package func delta(since old: MenuState?) -> Delta {
        guard let old else { return Delta(items: items) }
        if old.items.count == items.count, zip(items, old.items).allSatisfy({ $0.id == $1.id }) {
            return Delta(items: zip(items, old.items).compactMap { new, old in new == old ? nil : new })
        }
        var before: [String: Item] = [:]
        for item in old.items { before[item.id] = item }
        var delta = Delta(items: [])
        var present = Set<String>()
        for item in items {
            present.insert(item.id)
            if let known = before[item.id] {
                if known != item { delta.items.append(item) }
            } else if item.menu != nil {
                delta.added.append(item)
            } else {
                delta.items.append(item)
            }
        }
        delta.removed = old.items.compactMap { $0.menu != nil && !present.contains($0.id) ? $0.id : nil }
        return delta
    }
}
