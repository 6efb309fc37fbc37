/// One entry of a menu: a command item or a submenu.
public enum MenuEntry: Sendable {
    case item(MenuItem)
    case submenu(Menu)
}

/// A menu item: a command (action and arguments) with a title and an optional key equivalent.
public struct MenuItem: Sendable {
    private struct Fields: Sendable {
        var id: String
        var title: String
        var action: String
        var arguments: Arguments
        var keyEquivalent: KeyEquivalent?
    }

    /// The fields behind one reference: validating a menu copies every item into its
    /// result, and a copy then costs one retain rather than one per field. Items are built
    /// once and rarely changed, so a change simply makes a new box.
    private final class Box: Sendable {
        let fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    private var box: Box

    public init(id: String, title: String, action: String, arguments: Arguments = .empty, keyEquivalent: KeyEquivalent? = nil) {
        box = Box(Fields(id: id, title: title, action: action, arguments: arguments, keyEquivalent: keyEquivalent))
    }

    private mutating func change(_ body: (inout Fields) -> Void) {
        var fields = box.fields
        body(&fields)
        box = Box(fields)
    }

    public var id: String {
        get { box.fields.id }
        set { change { $0.id = newValue } }
    }

    public var title: String {
        get { box.fields.title }
        set { change { $0.title = newValue } }
    }

    public var action: String {
        get { box.fields.action }
        set { change { $0.action = newValue } }
    }

    public var arguments: Arguments {
        get { box.fields.arguments }
        set { change { $0.arguments = newValue } }
    }

    public var keyEquivalent: KeyEquivalent? {
        get { box.fields.keyEquivalent }
        set { change { $0.keyEquivalent = newValue } }
    }

    public var invocation: Invocation { Invocation(action: action, arguments: arguments) }
}

/// A menu or submenu.
public struct Menu: Sendable {
    public var id: String
    public var title: String
    public var entries: [MenuEntry]

    public init(id: String, title: String, entries: [MenuEntry]) {
        self.id = id
        self.title = title
        self.entries = entries
    }

    /// Every command item, depth first.
    public var allItems: [MenuItem] {
        entries.flatMap { entry -> [MenuItem] in
            switch entry {
            case .item(let item): [item]
            case .submenu(let menu): menu.allItems
            }
        }
    }
}
