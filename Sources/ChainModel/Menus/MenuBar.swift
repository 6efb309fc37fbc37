/// The menu bar declared once for every session, checked when it is built: unique item ids,
/// known actions, no key equivalent bound twice.
public struct MenuBar: Sendable {
    public let menus: [Menu]
    /// Actions no built-in performs, declared for remote handlers: items may name them and
    /// stay unhandled until a client's live handler takes one.
    public let remoteActions: Set<String>
    private let itemsByID: [String: MenuItem]
    private let itemsByKey: [KeyEquivalent: MenuItem]

    /// Builds the bar, refusing it with every problem named when an item id repeats, an
    /// action is not in `knownActions`, or a key equivalent is bound twice.
    public init(menus: [Menu], knownActions: Set<String>, remoteActions: Set<String> = []) throws(MenuError) {
        let knownActions = knownActions.union(remoteActions)
        var problems: [MenuError.Problem] = []
        var byID: [String: MenuItem] = [:]
        var byKey: [KeyEquivalent: MenuItem] = [:]
        var menuIDs = Set<String>()
        func visit(_ menu: Menu) {
            if !menuIDs.insert(menu.id).inserted { problems.append(.duplicateID(menu.id)) }
            for entry in menu.entries {
                switch entry {
                case .submenu(let submenu): visit(submenu)
                case .item(let item):
                    if byID[item.id] != nil || menuIDs.contains(item.id) {
                        problems.append(.duplicateID(item.id))
                    } else {
                        byID[item.id] = item
                    }
                    if !knownActions.contains(item.action) {
                        problems.append(.unknownAction(item: item.id, action: item.action))
                    }
                    if let key = item.keyEquivalent {
                        if let other = byKey[key] {
                            problems.append(.duplicateKey(key: key, items: [other.id, item.id]))
                        } else {
                            byKey[key] = item
                        }
                    }
                }
            }
        }
        menus.forEach(visit)
        guard problems.isEmpty else { throw MenuError(problems: problems) }
        self.menus = menus
        self.remoteActions = remoteActions
        self.itemsByID = byID
        self.itemsByKey = byKey
    }

    public func item(id: String) -> MenuItem? { itemsByID[id] }

    /// The title of the first item that sends `invocation`, if any.
    public func title(of invocation: Invocation) -> String? {
        allItems.first { $0.invocation == invocation }?.title
    }

    /// The item whose key equivalent is `key` with exactly `modifiers`.
    public func item(forKey key: String, modifiers: Modifiers) -> MenuItem? {
        itemsByKey[KeyEquivalent(key: key, modifiers: modifiers)]
    }

    public var allItems: [MenuItem] { menus.flatMap(\.allItems) }
}

/// Why a menu bar was refused; every problem names the items concerned.
public struct MenuError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Problem: Sendable, Equatable, CustomStringConvertible {
        case duplicateID(String)
        case unknownAction(item: String, action: String)
        case duplicateKey(key: KeyEquivalent, items: [String])

        public var description: String {
            switch self {
            case .duplicateID(let id): "id \"\(id)\" is used twice"
            case .unknownAction(let item, let action): "item \"\(item)\" names unknown action \"\(action)\""
            case .duplicateKey(let key, let items):
                "key equivalent \(key) is bound to both \(items.map { "\"\($0)\"" }.joined(separator: " and "))"
            }
        }
    }

    public var problems: [Problem]

    public var description: String { problems.map(\.description).joined(separator: "; ") }
}
