/// Names a typed value responders contribute to a command's context.
public protocol ContextKey {
    associatedtype Value: Sendable
}

/// Values responders on the chain added to a command's context, read back typed:
/// `context.values[SelectionKey.self]`.
public struct ContextValues: Sendable {
    private var entries: [(key: ObjectIdentifier, value: any Sendable)] = []

    public init() {}

    public subscript<Key: ContextKey>(key: Key.Type) -> Key.Value? {
        get {
            entries.last { $0.key == ObjectIdentifier(key) }?.value as? Key.Value
        }
        set {
            entries.removeAll { $0.key == ObjectIdentifier(key) }
            if let newValue { entries.append((key: ObjectIdentifier(key), value: newValue)) }
        }
    }

    public var count: Int { entries.count }
}

/// The window a command travels in, provided by the window.
public enum WindowKey: ContextKey {
    public typealias Value = (id: String, kind: Window.Kind)
}

/// The selection of the grid on the chain, provided by the grid.
public enum SelectionKey: ContextKey {
    public typealias Value = [ImageID]
}

/// The image the viewer on the chain shows (`nil` when none), provided by the viewer.
public enum ShownImageKey: ContextKey {
    public typealias Value = ImageID?
}
