/// A command whose Swift type says what it needs: the responder type (or capability)
/// that performs it, its action name, and how it reads its arguments.
///
/// Registering a command type on a responder kind is all the glue there is: the chain
/// walk hands `validate` and `perform` the responder it reached, already of type `Performer`.
public protocol Command: Sendable {
    associatedtype Performer

    static var action: String { get }

    /// Decodes the command from its arguments, refusing what it does not understand.
    init(arguments: Arguments) throws(ArgumentError)

    /// The arguments that decode back into this command.
    var arguments: Arguments { get }

    /// Whether `performer` handles this command now, and how it validates.
    func validate(_ performer: Performer, _ input: HandlerInput) -> HandlerVerdict

    func perform(_ performer: Performer, _ context: inout PerformContext) throws(CommandError)
}

/// An action name with arguments: what arrives from a menu item, a key, an identifier or
/// the wire, before it is known which responder performs it.
public struct Invocation: Sendable, Equatable {
    public var action: String
    public var arguments: Arguments

    public init(action: String, arguments: Arguments = .empty) {
        self.action = action
        self.arguments = arguments
    }

    public init<C: Command>(_ command: C) {
        self.init(action: C.action, arguments: command.arguments)
    }
}
