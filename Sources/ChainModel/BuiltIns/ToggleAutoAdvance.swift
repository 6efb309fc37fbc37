/// Turns the window's auto-advance on or off (`toggleAutoAdvance`): checked `on` while it
/// is on. A window state, stored with the session; not an undo step.
public struct ToggleAutoAdvance: Command {
    public typealias Performer = WindowState
    public static let action = "toggleAutoAdvance"

    public init() {}
    public init(arguments: Arguments) throws(ArgumentError) { try arguments.allowOnly() }
    public var arguments: Arguments { .empty }

    public func validate(_ window: WindowState, _ input: HandlerInput) -> HandlerVerdict {
        .handles(.enabled(state: window.autoAdvance ? .on : .off))
    }

    public func perform(_ window: WindowState, _ context: inout PerformContext) throws(CommandError) {
        context.session.setAutoAdvance(!window.autoAdvance, inWindow: window.id)
        context.result = [(key: "autoAdvance", value: .bool(!window.autoAdvance))]
    }
}
