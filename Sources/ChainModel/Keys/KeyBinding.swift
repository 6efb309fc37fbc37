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

    public init(kind: ResponderKind, key: KeyEquivalent, invocation: Invocation, title: String? = nil, handler: String? = nil) {
        self.kind = kind
        self.key = key
        self.invocation = invocation
        self.title = title
        self.handler = handler
    }
}
