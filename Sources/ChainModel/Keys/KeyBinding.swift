/// A key bound to an action on a responder kind (`keyBindings` in the menus file): pressed
/// while a responder of that kind is on the chain, it sends the action there before any menu
/// key equivalent is looked at, as UIKit finds `keyCommands` from the first responder up.
public struct KeyBinding: Sendable, Equatable {
    public let kind: ResponderKind
    public let key: KeyEquivalent
    public let invocation: Invocation
    /// What a cheat sheet calls it; the title of a menu item with the same action and
    /// arguments when not given.
    public let title: String?
    /// The remote handler that bound it on its own responder; `nil` for the menus file's.
    public let handler: String?
    /// The binding as the menus file declares it and answers show it, written once when the
    /// binding is made (`KeyBinding+Wire`): every `/keys` answer names the binding that took
    /// the key, and writing it member by member cost more than the rest of that answer's
    /// difference from a `select`'s.
    public let encoded: [UInt8]

    public init(kind: ResponderKind, key: KeyEquivalent, invocation: Invocation, title: String? = nil, handler: String? = nil) {
        self.kind = kind
        self.key = key
        self.invocation = invocation
        self.title = title
        self.handler = handler
        encoded = Self.encode(kind: kind, key: key, invocation: invocation, handler: handler)
    }
}
