extension MenuBar {
    /// The bar's menus with `contributions` inserted: each item into the (sub)menu whose id is
    /// `menu`, after the item or submenu `after` (at the end when `nil` or not there). Items
    /// for a menu the bar lacks are left out.
    public func menus(adding contributions: [(item: MenuItem, menu: String, after: String?)]) -> [Menu] {
        guard !contributions.isEmpty else { return menus }
        func insert(into menu: Menu) -> Menu {
            var entries = menu.entries.map { entry -> MenuEntry in
                if case .submenu(let submenu) = entry { return .submenu(insert(into: submenu)) }
                return entry
            }
            for contribution in contributions where contribution.menu == menu.id {
                let position = contribution.after.flatMap { after in
                    entries.firstIndex { entry in
                        switch entry {
                        case .item(let item): item.id == after
                        case .submenu(let submenu): submenu.id == after
                        }
                    }
                }
                entries.insert(.item(contribution.item), at: position.map { $0 + 1 } ?? entries.count)
            }
            return Menu(id: menu.id, title: menu.title, entries: entries)
        }
        return menus.map(insert)
    }

    /// Whether the bar has a menu or submenu `id`, and (when `after` is given) an entry `after` in it.
    public func hasMenu(_ id: String, entry after: String? = nil) -> Bool {
        func find(_ menu: Menu) -> Menu? {
            if menu.id == id { return menu }
            for case .submenu(let submenu) in menu.entries { if let found = find(submenu) { return found } }
            return nil
        }
        guard let menu = menus.lazy.compactMap(find).first else { return false }
        guard let after else { return true }
        return menu.entries.contains { entry in
            switch entry {
            case .item(let item): item.id == after
            case .submenu(let submenu): submenu.id == after
            }
        }
    }
}
