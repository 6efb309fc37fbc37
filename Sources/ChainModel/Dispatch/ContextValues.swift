/// Names a typed value responders contribute to a command's context.
public protocol ContextKey {
    associatedtype Value: Sendable
}

/// Values responders on the chain added to a command's context, read back typed:
/// `context.values[SelectionKey.self]`.
public struct ContextValues: Sendable {
    /// The built-in keys' values, kept typed: every command reads and writes them, and a
    /// field costs neither the boxing into nor the cast out of `any Sendable`.
    private var window: WindowKey.Value?
    private var selection: SelectionKey.Value?
    private var shownImage: ShownImageKey.Value?
    private var role: RoleKey.Value?
    /// Every other key's value.
    private var entries: [(key: ObjectIdentifier, value: any Sendable)] = []

    public init() {}

    /// The casts below convert between identical types (each behind a check that `Key` is
    /// that built-in key), so they cost nothing once the subscript is specialised.
    public subscript<Key: ContextKey>(key: Key.Type) -> Key.Value? {
        get {
            if Key.self == WindowKey.self { return window as! Key.Value? }
            if Key.self == SelectionKey.self { return selection as! Key.Value? }
            if Key.self == ShownImageKey.self { return shownImage as! Key.Value? }
            if Key.self == RoleKey.self { return role as! Key.Value? }
            return entries.last { $0.key == ObjectIdentifier(key) }?.value as? Key.Value
        }
        set {
            if Key.self == WindowKey.self { window = newValue as! WindowKey.Value? }
            else if Key.self == SelectionKey.self { selection = newValue as! SelectionKey.Value? }
            else if Key.self == ShownImageKey.self { shownImage = newValue as! ShownImageKey.Value? }
            else if Key.self == RoleKey.self { role = newValue as! RoleKey.Value? }
            else { setEntry(newValue, for: ObjectIdentifier(key)) }
        }
    }

    private mutating func setEntry(_ newValue: (any Sendable)?, for key: ObjectIdentifier) {
        let index = entries.firstIndex { $0.key == key }
        switch (index, newValue) {
        case (let index?, let newValue?): entries[index].value = newValue
        case (let index?, nil): entries.remove(at: index)
        case (nil, let newValue?): entries.append((key: key, value: newValue))
        case (nil, nil): break
        }
    }

    public var count: Int {
        entries.count + (window == nil ? 0 : 1) + (selection == nil ? 0 : 1) + (shownImage == nil ? 0 : 1) + (role == nil ? 0 : 1)
    }
}

/// The window a command travels in, provided by the window.
public enum WindowKey: ContextKey {
    public typealias Value = (id: String, kind: Window.Kind)
}

/// The selection of the grid on the chain, provided by the grid.
public enum SelectionKey: ContextKey {
    public typealias Value = ImageSelection
}

/// The image the viewer on the chain shows (`nil` when none), provided by the viewer.
public enum ShownImageKey: ContextKey {
    public typealias Value = ImageID?
}
