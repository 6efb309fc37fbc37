/// What an ancestor does with an event passing through it.
public enum EventDisposition: Sendable, Equatable {
    /// Observe and let it go on.
    case pass
    /// Stop it here; responders above never see it.
    case consume
    /// Send this event on instead.
    case replace(Event)
}

/// Watches events of one type (or all) as they bubble past a responder.
public struct EventObserver: Sendable {
    /// `nil` observes every type.
    public let eventType: String?
    public let react: @Sendable (_ event: Event, _ responder: ResponderPath, _ session: Session) -> EventDisposition

    public init(
        _ eventType: String?,
        react: @escaping @Sendable (_ event: Event, _ responder: ResponderPath, _ session: Session) -> EventDisposition
    ) {
        self.eventType = eventType
        self.react = react
    }
}

/// What an ancestor does with an error a performer threw (AppKit's `willPresentError`).
public enum ErrorDisposition: Sendable, Equatable {
    case pass
    /// Throw this error on instead.
    case replace(CommandError)
    /// Handle it: the command succeeds with this event and changes nothing.
    case recover(Event)
}

/// Sees errors thrown by performers below it on the chain.
public struct ErrorCatcher: Sendable {
    public let react: @Sendable (_ error: CommandError, _ responder: ResponderPath) -> ErrorDisposition

    public init(_ react: @escaping @Sendable (_ error: CommandError, _ responder: ResponderPath) -> ErrorDisposition) {
        self.react = react
    }
}

/// One responder's part in an event's journey up the chain.
public struct EventHop: Sendable, Equatable {
    public enum Action: Sendable, Equatable {
        case observed
        case consumed
        case replaced(by: String)
        /// A broadcast cannot be consumed or replaced; the observer's wish was ignored.
        case ignored
    }

    public var responder: ResponderPath
    public var eventType: String
    public var action: Action
}

/// An event's journey: what it became, who saw it, and whether it reached the top.
public struct EventDelivery: Sendable, Equatable {
    public var emitted: Event
    public var delivered: Event
    public var hops: [EventHop]
    public var consumedBy: ResponderPath?
}

/// A catcher's part in an error's journey up the chain.
public struct ErrorCatch: Sendable, Equatable {
    public var responder: ResponderPath
    public var caught: CommandError
    public var disposition: ErrorDisposition
}

/// A command that failed, with the error that came out at the top and who caught what
/// on the way.
public struct CommandFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var error: CommandError
    public var catches: [ErrorCatch]
    /// In a batch: the index of the step that failed.
    public var step: Int?

    public init(_ error: CommandError, catches: [ErrorCatch] = [], step: Int? = nil) {
        self.error = error
        self.catches = catches
        self.step = step
    }

    public var description: String { error.description }
}
