/// Names a responder by where it sits: `app`, `main`, `main/grid`, `main/grid/viewer`,
/// `w2/viewer`. The next responder is the parent path, so the chain is derived from the
/// names themselves and can never disagree with the tree.
public struct ResponderPath: Hashable, Sendable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    public static let app = ResponderPath(unchecked: "app")

    public let string: String
    /// The kind of responder a path of this shape names: `app`, a window (one component),
    /// or a grid or viewer (last component `grid` / `viewer`); `nil` for any other shape.
    /// Known from the name alone, so the walk finds kind behaviour without looking the
    /// responder up.
    public let kind: ResponderKind?
    /// The first component; the window's id for every path but `app`.
    let window: String
    /// Where the last `/` is, or `nil` for a single component.
    private let lastSlash: Int?

    init(unchecked string: String) {
        self.string = string
        var copy = string
        (kind, window, lastSlash) = copy.withUTF8 { bytes -> (ResponderKind?, String, Int?) in
            let firstSlash = bytes.firstIndex(of: UInt8(ascii: "/"))
            let window = firstSlash.map { String(decoding: bytes[..<$0], as: UTF8.self) } ?? string
            guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else {
                return (bytes.elementsEqual("app".utf8) ? .application : .window, window, nil)
            }
            let last = bytes[(slash + 1)...]
            let kind: ResponderKind? = last.elementsEqual("grid".utf8) ? .grid : last.elementsEqual("viewer".utf8) ? .viewer : nil
            return (kind, window, slash)
        }
    }

    public init(stringLiteral value: String) {
        self.init(unchecked: value)
    }

    public static func == (lhs: ResponderPath, rhs: ResponderPath) -> Bool { lhs.string == rhs.string }
    public func hash(into hasher: inout Hasher) { hasher.combine(string) }

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

    public var description: String { string }

    func belongs(toWindow id: String) -> Bool { window == id }

    /// The window this responder belongs to (its first component); `nil` for `app`.
    public var windowID: String? {
        kind == .application ? nil : window
    }

    /// The next responder's path: the parent component, and `app` above a window.
    public var parent: ResponderPath? {
        guard let lastSlash else { return kind == .application ? nil : .app }
        if lastSlash == window.utf8.count { return ResponderPath(unchecked: window) }
        var copy = string
        return ResponderPath(unchecked: copy.withUTF8 { String(decoding: $0[..<lastSlash], as: UTF8.self) })
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
