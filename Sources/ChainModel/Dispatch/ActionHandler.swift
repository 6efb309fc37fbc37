/// What a responder does with one action: a validate part and a perform part.
///
/// Built-in actions register typed `Command`s; anything else may register closures at run
/// time, on a responder kind or on one responder of one session.
public struct ActionHandler: Sendable {
    public typealias Validate = @Sendable (HandlerInput) -> HandlerVerdict
    public typealias Perform = @Sendable (inout PerformContext) throws(CommandError) -> Void

    public let validate: Validate
    public let perform: Perform

    public init(validate: @escaping Validate, perform: @escaping Perform) {
        self.validate = validate
        self.perform = perform
    }

    /// The handler for a typed command: arguments decode into `C`, the responder reached is
    /// handed over as `C.Performer`.
    public init<C: Command>(_ type: C.Type) {
        validate = { input in
            let command: C
            do throws(ArgumentError) { command = try C(arguments: input.arguments) } catch { return .refused(.invalidArgument(error)) }
            guard let performer = input.responder as? C.Performer else {
                return .declined("\(input.responder.kind.rawValue) is not a \(C.Performer.self)")
            }
            return command.validate(performer, input)
        }
        perform = { context throws(CommandError) in
            let command: C
            do throws(ArgumentError) { command = try C(arguments: context.arguments) } catch { throw .invalidArgument(error) }
            guard let performer = context.session.responder(at: context.performer) as? C.Performer else {
                throw .unhandled(action: C.action, chain: context.session.chain(from: context.performer))
            }
            try command.perform(performer, &context)
        }
    }
}

/// A responder's supplemental target for actions it does not handle itself (AppKit's
/// `supplementalTarget(forAction:sender:)`, UIKit's `target(forAction:withSender:)`).
public struct Redirect: Sendable {
    public let target: @Sendable (_ action: String, _ responder: any Responder, _ session: Session) -> ResponderPath?

    public init(_ target: @escaping @Sendable (_ action: String, _ responder: any Responder, _ session: Session) -> ResponderPath?) {
        self.target = target
    }
}

/// Adds what a responder knows to the context of a command passing through its chain.
public struct ContextProvider: Sendable {
    public let provide: @Sendable (_ responder: ResponderPath, _ session: Session, _ values: inout ContextValues) -> Void

    public init(_ provide: @escaping @Sendable (_ responder: ResponderPath, _ session: Session, _ values: inout ContextValues) -> Void) {
        self.provide = provide
    }
}

/// Identifies one registration so it can be removed again.
public struct RegistrationToken: Hashable, Sendable {
    let id: Int
}
