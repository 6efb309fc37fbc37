/// What a responder does with one action: a validate part and a perform part.
///
/// Built-in actions register typed `Command`s; anything else may register closures at run
/// time, on a responder kind or on one responder of one session.
public struct ActionHandler: Sendable {
    public typealias Validate = @Sendable (HandlerInput) -> HandlerVerdict
    public typealias Perform = @Sendable (inout PerformContext) throws(CommandError) -> Void
    /// Validates and, when the responder handles the command, returns the perform part
    /// already holding what validation decoded, so performing decodes nothing again.
    typealias Prepare = @Sendable (HandlerInput) -> (verdict: HandlerVerdict, perform: Perform?)

    /// The parts, held together so that handing a handler around costs one retain, not
    /// one per closure: the walk fetches one for every responder that has it.
    private final class Parts: Sendable {
        let validate: Validate
        let perform: Perform
        let prepare: Prepare?

        init(validate: @escaping Validate, perform: @escaping Perform, prepare: Prepare?) {
            self.validate = validate
            self.perform = perform
            self.prepare = prepare
        }
    }

    private let parts: Parts

    public var validate: Validate { parts.validate }
    public var perform: Perform { parts.perform }
    /// Set for typed commands; closures registered at run time have none.
    var prepare: Prepare? { parts.prepare }

    public init(validate: @escaping Validate, perform: @escaping Perform) {
        parts = Parts(validate: validate, perform: perform, prepare: nil)
    }

    /// The handler for a typed command: arguments decode into `C`, the responder reached is
    /// handed over as `C.Performer`.
    public init<C: Command>(_ type: C.Type) {
        let validate: Validate = { input in
            switch Decoded<C>(input) {
            case .ready(let command, let performer): command.validate(performer, input)
            case .refused(let verdict): verdict
            }
        }
        let prepare: Prepare = { input in
            switch Decoded<C>(input) {
            case .ready(let command, let performer):
                let verdict = command.validate(performer, input)
                guard case .handles = verdict else { return (verdict, nil) }
                // The performer is read again, from the same slot of the context's session
                // (the validated one, unchanged until the perform part runs), because
                // `Performer` need not be `Sendable`; the command is kept.
                let slot = input.slot
                return (verdict, { context throws(CommandError) in try Self.perform(command, at: slot, &context) })
            case .refused(let verdict):
                return (verdict, nil)
            }
        }
        let perform: Perform = { context throws(CommandError) in
            let command: C
            do throws(ArgumentError) { command = try C(arguments: context.arguments) } catch { throw .invalidArgument(error) }
            guard let slot = context.session.slot(of: context.performer) else {
                throw .unhandled(action: C.action, chain: context.session.chain(from: context.performer))
            }
            try Self.perform(command, at: slot, &context)
        }
        parts = Parts(validate: validate, perform: perform, prepare: prepare)
    }

    private static func perform<C: Command>(_ command: C, at slot: ResponderSlot, _ context: inout PerformContext) throws(CommandError) {
        guard let performer = context.session.performer(in: slot, as: C.Performer.self) else {
            throw .unhandled(action: C.action, chain: context.session.chain(from: context.performer))
        }
        try command.perform(performer, &context)
    }
}

/// A typed command decoded from a handler's input together with its performer, or why not.
private enum Decoded<C: Command> {
    case ready(C, C.Performer)
    case refused(HandlerVerdict)

    init(_ input: HandlerInput) {
        let command: C
        do throws(ArgumentError) { command = try C(arguments: input.arguments) } catch {
            self = .refused(.refused(.invalidArgument(error)))
            return
        }
        guard let performer = input.performer(as: C.Performer.self) else {
            self = .refused(.declined("\(input.slot.kind.rawValue) is not a \(C.Performer.self)"))
            return
        }
        self = .ready(command, performer)
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
