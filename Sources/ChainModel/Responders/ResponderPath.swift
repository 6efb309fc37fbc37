/// Names a responder by where it sits: `app`, `main`, `main/grid`, `main/grid/viewer`,
/// `w2/viewer`. The next responder is the parent path, so the chain is derived from the
/// names themselves and can never disagree with the tree.
public struct ResponderPath: Hashable, Sendable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    public static let app = ResponderPath(unchecked: "app")

    public let string: String

    init(unchecked string: String) {
        self.string = string
    }

    public init(stringLiteral value: String) {
        self.string = value
    }

    /// Accepts `app` or slash-separated components of letters, digits, `-` and `_`;
    /// a path that does not name a responder of some session is still well-formed.
    public init?(parsing text: String) {
        guard !text.isEmpty, text.utf8.count <= 128 else { return nil }
        let components = text.split(separator: "/", omittingEmptySubsequences: false)
        for component in components {
            guard !component.isEmpty, component.utf8.allSatisfy(ResponderPath.isNameByte) else { return nil }
        }
        self.string = text
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): true
        default: false
        }
    }

    public var description: String { string }

    /// The window this responder belongs to (its first component); `nil` for `app`.
    public var windowID: String? {
        self == .app ? nil : String(string.prefix { $0 != "/" })
    }

    /// The next responder's path: the parent component, and `app` above a window.
    public var parent: ResponderPath? {
        if self == .app { return nil }
        guard let slash = string.lastIndex(of: "/") else { return .app }
        return ResponderPath(unchecked: String(string[..<slash]))
    }

    public func appending(_ component: String) -> ResponderPath {
        ResponderPath(unchecked: string + "/" + component)
    }

    /// Whether `self` is `other` or lies below it.
    public func isWithin(_ other: ResponderPath) -> Bool {
        other == .app || string == other.string || string.hasPrefix(other.string + "/")
    }

    public static func < (lhs: ResponderPath, rhs: ResponderPath) -> Bool { lhs.string < rhs.string }
}
