/// A responder's supplemental target for actions it does not handle itself (AppKit's
/// `supplementalTarget(forAction:sender:)`, UIKit's `target(forAction:withSender:)`).
public struct Redirect: Sendable {
    public typealias Target = @Sendable (_ action: String, _ responder: any Responder, _ session: Session) -> ResponderPath?
    public typealias PathTarget = @Sendable (_ action: String, _ responder: ResponderPath, _ session: Session) -> ResponderPath?

    /// How the walk asks: by path, so a redirect that needs no responder value costs no
    /// copy of one into an `any Responder` box.
    let pathTarget: PathTarget

    /// A redirect that looks at the responder it is registered on.
    public init(_ target: @escaping Target) {
        pathTarget = { action, path, session in
            session.responder(at: path).flatMap { target(action, $0, session) }
        }
    }

    private init(pathTarget: @escaping PathTarget) {
        self.pathTarget = pathTarget
    }

    /// A redirect that decides from the responder's path and the session.
    public static func byPath(_ target: @escaping PathTarget) -> Redirect {
        Redirect(pathTarget: target)
    }

    public var target: Target {
        { [pathTarget] action, responder, session in pathTarget(action, responder.path, session) }
    }
}
