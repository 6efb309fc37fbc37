/// Who sends the answer to a request once its handler has it. The handler may answer before
/// `handle` returns (the libmicrohttpd thread queues it) or later from any thread (the
/// connection is suspended and resumed). This pure state machine decides which; the caller
/// holds a lock around each transition and carries out the returned action.
package enum HTTPReplyState: Sendable, Equatable {
    /// `handle` is running on the libmicrohttpd thread and has not answered.
    case handling
    /// `handle` returned without answering; the connection is parked until `respond`.
    case suspended
    /// The answer is stored, waiting for the libmicrohttpd thread to queue it.
    case ready(HTTPResponse)
    /// The answer was queued; any further `respond` call is ignored.
    case sent
    /// Shutdown stopped waiting for an answer; the connection is closed without one.
    case abandoned

    /// A side effect the caller must perform after a transition.
    package enum Action: Sendable, Equatable {
        case none
        /// Queue this response on the connection (libmicrohttpd thread only).
        case queue(HTTPResponse)
        /// Suspend the connection (libmicrohttpd thread only).
        case suspend
        /// Resume the suspended connection (any thread).
        case resume
        /// Close the connection without an answer (libmicrohttpd thread only).
        case close
    }

    /// `handle` has returned on the libmicrohttpd thread.
    package mutating func handlerReturned() -> Action {
        switch self {
        case .handling:
            self = .suspended
            return .suspend
        case .ready(let response):
            self = .sent
            return .queue(response)
        case .abandoned:
            return .close
        case .suspended, .sent:
            return .none
        }
    }

    /// The handler called `respond`, on any thread. Only the first answer counts.
    package mutating func respond(_ response: HTTPResponse) -> Action {
        switch self {
        case .handling:
            self = .ready(response)
            return .none
        case .suspended:
            self = .ready(response)
            return .resume
        case .ready, .sent, .abandoned:
            return .none
        }
    }

    /// libmicrohttpd called the access handler again after a resume.
    package mutating func connectionResumed() -> Action {
        switch self {
        case .ready(let response):
            self = .sent
            return .queue(response)
        case .abandoned:
            return .close
        case .handling, .suspended, .sent:
            return .none
        }
    }

    /// Shutdown gives up on an answer so the daemon can stop: a parked connection must be
    /// resumed first, because libmicrohttpd must not be stopped with suspended connections.
    package mutating func abandon() -> Action {
        switch self {
        case .handling:
            self = .abandoned
            return .none
        case .suspended:
            self = .abandoned
            return .resume
        case .ready, .sent, .abandoned:
            return .none
        }
    }
}
