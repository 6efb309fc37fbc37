import Foundation
import Synchronization

/// `.actionHandler(for:)` over the wire: an action on a responder of the session, performed by
/// this process. Iterating it opens the session's event stream (which makes the handler
/// live), registers the handler once the stream says `hello` (or takes over the one an earlier
/// run left for the same action and responder), registers it again should the server have
/// lost it, and yields each `invoke` addressed to it. `update(_:)` keeps its validation
/// current; every other event goes to `onEvent`.
///
///     let handler = session.actionHandler(for: "autoRate", on: "main/grid", validation: .enabled("Auto Rate"))
///     for try await call in handler {
///         try await call.answer(.changes(call.context.selection.map { ImageChange(image: $0, rating: 4) }))
///     }
public final class ActionHandler: AsyncSequence, Sendable {
    public typealias Element = Invocation
    public typealias Failure = any Error

    public let session: ChainSession
    public let registration: RemoteHandlerRequest
    let reusesEarlier: Bool
    let onEvent: (@Sendable (ChainEvent, ActionHandler) async -> Void)?
    private let state: Mutex<State>

    private struct State {
        /// The handler's id once registered.
        var id: String?
        /// What the server holds, to PATCH only on a change.
        var held: RemoteValidation?
        var wanted: RemoteValidation
    }

    init(session: ChainSession, registration: RemoteHandlerRequest, reusesEarlier: Bool, onEvent: (@Sendable (ChainEvent, ActionHandler) async -> Void)?) {
        self.session = session
        self.registration = registration
        self.reusesEarlier = reusesEarlier
        self.onEvent = onEvent
        state = Mutex(State(id: nil, held: nil, wanted: registration.validation ?? RemoteValidation()))
    }

    /// The handler's id on the server (`h-1`), once registered.
    public var id: String? { state.withLock { $0.id } }

    /// Sets the handler's validation: a `PATCH` when the server holds another one.
    public func update(_ validation: RemoteValidation) async throws {
        let patch: String? = state.withLock { state in
            state.wanted = validation
            return state.held == validation ? nil : state.id
        }
        guard let patch else { return }
        let info = try await session.updateHandler(patch, validation: validation)
        state.withLock { $0.held = info.validation }
    }

    /// Removes the handler from the session (it otherwise stays, declining while no stream is open).
    public func remove() async throws {
        guard let id = state.withLock({ state -> String? in defer { state.id = nil }; return state.id }) else { return }
        try await session.removeHandler(id)
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(handler: self, events: session.events().makeAsyncIterator())
    }

    /// Reads the stream in the consumer's own task: registers on `hello`, passes other events
    /// to `onEvent`, and returns the handler's own invocations.
    public struct Iterator: AsyncIteratorProtocol {
        public typealias Element = Invocation

        let handler: ActionHandler
        var events: ChainEvents.Iterator

        public mutating func next() async throws -> Invocation? {
            while let event = try await events.next() {
                if case .invoke(let invocation) = event, invocation.handler == handler.id { return invocation }
                // The client sees `hello` first, so an `update` there goes into the registration.
                await handler.onEvent?(event, handler)
                if case .hello = event { try await handler.registerPatiently() }
            }
            return nil
        }
    }

    /// `ensureRegistered`, tried again each second while the server is unreachable or
    /// restarting (a transport failure, a 5xx); any other problem ends the iteration.
    func registerPatiently() async throws {
        while true {
            do {
                return try await ensureRegistered()
            } catch let problem as ChainProblem where problem.status < 500 {
                throw problem
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                try await Task.sleep(for: .seconds(1))
            }
        }
    }

    /// Registers the handler unless the server holds it (ours, or an earlier run's to take over).
    private func ensureRegistered() async throws {
        let existing = try await session.handlers()
        let (known, wanted) = state.withLock { ($0.id, $0.wanted) }
        let mine = existing.last { handler in
            handler.id == known || (reusesEarlier && handler.action == registration.action && handler.responder == registration.responder)
        }
        if let mine {
            state.withLock { state in
                state.id = mine.id
                state.held = mine.validation
            }
            try await update(wanted)
            return
        }
        var request = registration
        request.validation = wanted
        let info = try await session.register(request)
        state.withLock { state in
            state.id = info.id
            state.held = info.validation
        }
    }
}

extension ChainSession {
    /// An action handler for `action` on `responder` (see `ActionHandler`); nothing happens
    /// until it is iterated.
    /// - Parameters:
    ///   - reusingEarlier: take over a handler an earlier run registered for the same action
    ///     and responder, rather than stack a second one on it.
    ///   - onEvent: every event of the stream but the handler's own invocations, with the handler
    ///     (to `update` its validation from them).
    public func actionHandler(
        for action: String, on responder: String, validation: RemoteValidation = RemoteValidation(), undoName: String? = nil,
        menuItems: [ContributedMenuItem]? = nil, keyBindings: [ContributedKeyBinding]? = nil, reusingEarlier: Bool = true,
        onEvent: (@Sendable (ChainEvent, ActionHandler) async -> Void)? = nil
    ) -> ActionHandler {
        let registration = RemoteHandlerRequest(
            action: action, on: responder, validation: validation, undoName: undoName, menuItems: menuItems, keyBindings: keyBindings)
        return ActionHandler(session: self, registration: registration, reusesEarlier: reusingEarlier, onEvent: onEvent)
    }

    /// Performs `action` on `responder` with `perform` until the task is cancelled or the
    /// session ends: the one-call form. Each invocation is performed and answered in a task of
    /// its own, so the stream is read on meanwhile (a slow answer does not hold up the next
    /// call); a thrown error answers the call as a rejection.
    public func actionHandler(
        for action: String, on responder: String, validation: RemoteValidation = RemoteValidation(), undoName: String? = nil,
        menuItems: [ContributedMenuItem]? = nil, keyBindings: [ContributedKeyBinding]? = nil,
        perform: @escaping @Sendable (Invocation) async throws -> CallAnswer
    ) async throws {
        let handler = actionHandler(
            for: action, on: responder, validation: validation, undoName: undoName, menuItems: menuItems, keyBindings: keyBindings)
        try await withThrowingDiscardingTaskGroup { group in
            for try await invocation in handler {
                group.addTask {
                    let answer: CallAnswer
                    do {
                        answer = try await perform(invocation)
                    } catch {
                        answer = .error(title: "\(action) failed", detail: String(describing: error))
                    }
                    // A call already settled (timed out) is not this loop's failure.
                    try? await invocation.answer(answer)
                }
            }
        }
    }
}
