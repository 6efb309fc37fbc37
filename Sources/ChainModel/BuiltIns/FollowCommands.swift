/// Makes the window's viewer show what another live session's viewer shows
/// (`Session.shownImage`), and keep showing it as that session moves (the server performs
/// `follow` again for it), until `unfollow` or any navigation of the window's own. Refused
/// (422, `session`) for the window's own session or one that is not live.
public struct Follow: Command {
    public typealias Performer = Window
    public static let action = "follow"

    public let session: String

    public init(session: String) {
        self.session = session
    }

    public init(arguments: Arguments) throws(ArgumentError) {
        try arguments.allowOnly("session")
        session = try arguments.required("session")
    }

    public var arguments: Arguments { ["session": .string(session)] }

    public func validate(_ window: Window, _ input: HandlerInput) -> HandlerVerdict {
        if let reason = Self.refusal(of: session, in: input.session) {
            return .refused(.invalidArgument(ArgumentError(field: "session", reason: .outOfRange(reason))))
        }
        return .handles(.enabled(state: window.following == session ? .on : .off))
    }

    /// Why `session` cannot be followed from `model`, or `nil` when it can.
    static func refusal(of session: String, in model: Session) -> String? {
        guard let peers = model.peers else { return "no other session is known" }
        if session == peers.session { return "a window cannot follow its own session" }
        return peers.directory.isLive(session) ? nil : "no live session \"\(session.prefix(40))\""
    }

    public func perform(_ window: Window, _ context: inout PerformContext) throws(CommandError) {
        let image = context.session.peers?.directory.image(shownBy: session)
        if window.viewer.image != image {
            if let image, !context.catalog.contains(image) { throw .notFound(kind: .image, name: image.description, field: nil) }
            let place = image.flatMap { context.catalog.place(of: $0, in: window.grid) }
            context.session.show(image, inViewer: window.viewer.path, at: place)
            context.emit(.imageShown(viewer: window.viewer.path, image: image))
        }
        if window.following != session { context.emit(.followingChanged(window: window.id, session: session)) }
        context.session.setFollowing(session, inWindow: window.id)
        context.result = [(key: "following", value: .string(session)), (key: "image", value: image.map { .string($0.description) } ?? .null)]
    }
}

/// Stops the window following another session (`follow`); its viewer keeps what it shows.
/// Disabled when it follows nobody.
public struct Unfollow: Command {
    public typealias Performer = WindowState
    public static let action = "unfollow"
    static let idleReason = "the window follows nobody"

    public init() {}
    public init(arguments: Arguments) throws(ArgumentError) { try arguments.allowOnly() }
    public var arguments: Arguments { .empty }

    public func validate(_ window: WindowState, _ input: HandlerInput) -> HandlerVerdict {
        .handles(window.following == nil ? .disabled(Self.idleReason) : .enabled)
    }

    public func perform(_ window: WindowState, _ context: inout PerformContext) throws(CommandError) {
        context.session.setFollowing(nil, inWindow: window.id)
        context.emit(.followingChanged(window: window.id, session: nil))
        context.result = [(key: "following", value: .null)]
    }
}
