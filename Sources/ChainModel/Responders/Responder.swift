/// What kind of responder a path names; built-in handlers are registered per kind, the way
/// AppKit methods belong to a responder class.
public enum ResponderKind: String, Sendable, Hashable, CaseIterable {
    case application
    case window
    case grid
    case viewer
    case compare

    /// The kind's name in configuration and on the wire (`app`, `window`, `grid`, `viewer`,
    /// `compare`).
    public var configName: String { self == .application ? "app" : rawValue }

    /// The kind a configuration name names (`app` or `application` for the application).
    public init?(configName: String) {
        if configName == "app" {
            self = .application
        } else {
            self.init(rawValue: configName)
        }
    }

    /// Position in `allCases`, for tables indexed by kind.
    var index: Int {
        switch self {
        case .application: 0
        case .window: 1
        case .grid: 2
        case .viewer: 3
        case .compare: 4
        }
    }
}

/// A responder as commands see it: a value snapshot of one node of a session's tree.
///
/// Typed commands name the responder type (or capability protocol) they need as their
/// `Performer`; the chain walk hands them the snapshot of the responder it reached.
public protocol Responder: Sendable {
    var path: ResponderPath { get }
    var kind: ResponderKind { get }
}

/// A responder whose images attribute commands (rating, label, flag) change: a viewer's
/// shown image, a grid's selection.
public protocol ImageTarget: Responder {
    /// The images an attribute command applies to; empty when there are none.
    var targetImages: ImageSelection { get }
    /// Why there is nothing to change, for traces ("selection is empty").
    var emptyReason: String { get }
}

/// The application: the root of every chain.
public struct Application: Responder {
    public var path: ResponderPath { .app }
    public var kind: ResponderKind { .application }

    public init() {}
}
