/// A handler a client registered on one of its session's responders at run time: the
/// action it performs, and the client's current answer to "validate this". Performing it
/// means asking the client (`RemoteCall`), so the model only finds it and hands the call out.
public struct RemoteHandler: Sendable, Equatable {
    /// `h-1`, `h-2`, …: unique within the session.
    public var id: String
    public var responder: ResponderPath
    public var action: String
    public var validation: Validation
    /// The undo entry's name for changes it answers with; the action's name when `nil`.
    public var undoName: String?
    /// Menu items it adds for its action, and keys it binds to it on its responder.
    public var menuItems: [ContributedItem]
    public var keyBindings: [ContributedBinding]

    public init(
        id: String, responder: ResponderPath, action: String, validation: Validation, undoName: String? = nil,
        menuItems: [ContributedItem] = [], keyBindings: [ContributedBinding] = []
    ) {
        self.id = id
        self.responder = responder
        self.action = action
        self.validation = validation
        self.undoName = undoName
        self.menuItems = menuItems
        self.keyBindings = keyBindings
    }

    /// Whether `name` may name an action: an ASCII letter, then letters or digits, at most 64.
    public static func isActionName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, bytes.count <= 64, Self.isLetter(first) else { return false }
        return bytes.allSatisfy { Self.isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
