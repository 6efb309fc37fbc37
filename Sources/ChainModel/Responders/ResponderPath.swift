/// Names a responder by where it sits: `app`, `main`, `main/grid`, `main/grid/viewer`,
/// `w2/viewer`. The next responder is the parent path, so the chain is derived from the
/// names themselves and can never disagree with the tree.
///
/// A path is one reference to an immutable node that knows its parent, so walking a chain
/// allocates nothing and copying a path is one retain.
public struct ResponderPath: Hashable, Sendable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// What a path knows of itself, worked out once when it is made.
    final class Node: Sendable {
        let string: String
        /// See `ResponderPath.kind`.
        let kind: ResponderKind?
        /// The first component; the window's id for every path but `app`.
        let window: String
        let parent: ResponderPath?

        init(string: String, kind: ResponderKind?, window: String, parent: ResponderPath?) {
            self.string = string
            self.kind = kind
            self.window = window
            self.parent = parent
        }
    }

    public static let app = ResponderPath(node: Node(string: "app", kind: .application, window: "app", parent: nil))

    private let node: Node

    private init(node: Node) {
        self.node = node
    }

    init(unchecked string: String) {
        guard string != "app" else {
            self = .app
            return
        }
        var copy = string
        let lastSlash = copy.withUTF8 { $0.lastIndex(of: UInt8(ascii: "/")) }
        guard let lastSlash else {
            self.init(node: Node(string: string, kind: .window, window: string, parent: .app))
            return
        }
        let utf8 = string.utf8
        let parent = ResponderPath(unchecked: String(string[..<utf8.index(utf8.startIndex, offsetBy: lastSlash)]))
        self = parent.appendingUnchecked(String(string[utf8.index(utf8.startIndex, offsetBy: lastSlash + 1)...]), whole: string)
    }

    public init(stringLiteral value: String) {
        self.init(unchecked: value)
    }

    public var string: String { node.string }

    /// The kind of responder a path of this shape names: `app`, a window (one component),
    /// or a grid, viewer or compare (last component `grid` / `viewer` / `compare`); `nil` for
    /// any other shape.
    /// Known from the name alone, so the walk finds kind behaviour without looking the
    /// responder up.
    public var kind: ResponderKind? { node.kind }

    /// The first component; the window's id for every path but `app`.
    var window: String { node.window }

    /// Paths handed out by one session share their nodes, so most comparisons end at the
    /// identity check.
    public static func == (lhs: ResponderPath, rhs: ResponderPath) -> Bool {
        lhs.node === rhs.node || lhs.node.string == rhs.node.string
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(node.string) }

    /// Accepts `app` or slash-separated components of letters, digits, `-` and `_`;
    /// a path that does not name a responder of some session is still well-formed.
    public init?(parsing text: String) {
        guard !text.isEmpty, text.utf8.count <= 128 else { return nil }
        let components = text.split(separator: "/", omittingEmptySubsequences: false)
        for component in components {
            guard !component.isEmpty, component.utf8.allSatisfy(ResponderPath.isNameByte) else { return nil }
        }
        self.init(unchecked: text)
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): true
        default: false
        }
    }

    public var description: String { node.string }

    /// The window this responder belongs to (its first component); `nil` for `app`.
    public var windowID: String? {
        node.kind == .application ? nil : node.window
    }

    /// The next responder's path: the parent component, and `app` above a window.
    public var parent: ResponderPath? { node.parent }

    public func appending(_ component: String) -> ResponderPath {
        appendingUnchecked(component, whole: node.string + "/" + component)
    }

    private func appendingUnchecked(_ component: String, whole: String) -> ResponderPath {
        let kind: ResponderKind? =
            switch component {
            case "grid": .grid
            case "viewer": .viewer
            case "compare": .compare
            default: nil
            }
        return ResponderPath(node: Node(string: whole, kind: kind, window: node.window, parent: self))
    }

    /// Whether `self` is `other` or lies below it.
    public func isWithin(_ other: ResponderPath) -> Bool {
        if other.node.kind == .application { return true }
        var next: ResponderPath? = self
        while let path = next {
            if path == other { return true }
            next = path.node.parent
        }
        return false
    }

    public static func < (lhs: ResponderPath, rhs: ResponderPath) -> Bool { lhs.node.string < rhs.node.string }
}
