/// The context menu of each responder kind (`contextMenus` in the menus file): what a
/// right-click on a grid or a viewer offers, validated by the same walk as the menu bar but
/// starting at the responder clicked. Checked when built: known actions, no id twice in one
/// menu. Keys are not bound here: a context menu may show its items' key equivalents, and
/// the menu bar and key bindings decide what a key does.
public struct ContextMenus: Sendable {
    /// Indexed by `ResponderKind.index`.
    private let menus: [Menu?]

    public static let none = ContextMenus(unchecked: [:])

    public init(_ menus: [ResponderKind: Menu], knownActions: Set<String>) throws(MenuError) {
        var problems: [MenuError.Problem] = []
        for kind in ResponderKind.allCases {
            guard let menu = menus[kind] else { continue }
            var ids = Set<String>()
            func visit(_ menu: Menu) {
                for entry in menu.entries {
                    switch entry {
                    case .submenu(let submenu):
                        if !ids.insert(submenu.id).inserted { problems.append(.duplicateID(submenu.id)) }
                        visit(submenu)
                    case .item(let item):
                        if !ids.insert(item.id).inserted { problems.append(.duplicateID(item.id)) }
                        if !knownActions.contains(item.action) {
                            problems.append(.unknownAction(item: item.id, action: item.action))
                        }
                    }
                }
            }
            visit(menu)
        }
        guard problems.isEmpty else { throw MenuError(problems: problems) }
        self.init(unchecked: menus)
    }

    private init(unchecked menus: [ResponderKind: Menu]) {
        self.menus = ResponderKind.allCases.map { menus[$0] }
    }

    /// The context menu of `kind`, if it has one.
    public func menu(of kind: ResponderKind) -> Menu? { menus[kind.index] }
}
