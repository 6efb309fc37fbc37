/// A menu item's check mark.
public enum CheckState: String, Sendable, Equatable {
    case on
    case off
    case mixed
}

/// What a responder says of a command it would perform: AppKit's `validateMenuItem`
/// answer, with the reason when it is disabled so traces can explain it.
public struct Validation: Sendable, Equatable {
    public var isEnabled: Bool
    public var state: CheckState
    /// A new title for the item ("Undo Set Rating"); `nil` keeps the declared one.
    public var title: String?
    public var isHidden: Bool
    /// Why the command is disabled, when it is.
    public var reason: String?

    public init(isEnabled: Bool, state: CheckState = .off, title: String? = nil, isHidden: Bool = false, reason: String? = nil) {
        self.isEnabled = isEnabled
        self.state = state
        self.title = title
        self.isHidden = isHidden
        self.reason = reason
    }

    public static let enabled = Validation(isEnabled: true)

    public static func enabled(state: CheckState = .off, title: String? = nil) -> Validation {
        Validation(isEnabled: true, state: state, title: title)
    }

    public static func disabled(_ reason: String, state: CheckState = .off, title: String? = nil) -> Validation {
        Validation(isEnabled: false, state: state, title: title, reason: reason)
    }
}

/// A responder's answer when the chain walk reaches it with a command.
public enum HandlerVerdict: Sendable, Equatable {
    /// Not this responder (AppKit: `respondsToSelector` or `canPerformAction` said no);
    /// the walk goes on to the next responder.
    case declined(String)
    /// This responder performs the command; the validation says whether it may now.
    case handles(Validation)
    /// This responder would perform it, but not as asked: the arguments are wrong, or
    /// name an image or responder that does not exist. Menus show it disabled; sending it
    /// fails with this error.
    case refused(CommandError)
}
