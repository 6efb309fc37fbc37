import ChainModel

/// What a client draws of each menu item (enabled, state, title, hidden, target), flattened
/// in menu order: the unit `menu` events are differences of.
struct MenuState: Sendable, Equatable {
    struct Item: Sendable, Equatable {
        let id: String
        let isEnabled: Bool
        let state: CheckState
        let title: String
        let isHidden: Bool
        let target: ResponderPath?
    }

    let items: [Item]

    init(items: [Item]) {
        self.items = items
    }

    init(_ entries: [ValidatedMenuEntry]) {
        var items: [Item] = []
        func visit(_ entry: ValidatedMenuEntry) {
            switch entry {
            case .submenu(_, _, let entries): entries.forEach(visit)
            case .item(let item):
                items.append(Item(
                    id: item.item.id, isEnabled: item.isEnabled, state: item.state, title: item.title,
                    isHidden: item.isHidden, target: item.target))
            }
        }
        entries.forEach(visit)
        self.items = items
    }

    /// The items of `self` that differ from `old` (all of them when there is no `old`).
    func changes(since old: MenuState?) -> [Item] {
        guard let old, old.items.count == items.count else { return items }
        return zip(items, old.items).compactMap { new, old in new == old ? nil : new }
    }
}
