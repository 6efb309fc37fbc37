/// Routes commands through a session's responder chain: finds the responder that performs
/// an action (`target(forAction:)`), validates it, performs it, and sends what it emitted
/// (or threw) back up the chain. Pure: it returns outcomes, the caller applies them.
public struct CommandDispatcher: Sendable {
    public var registry: HandlerRegistry
    /// Actions declared for remote handlers only (`remoteActions` in the menus): known, so
    /// sending one is `unhandled` until a live handler takes it, not `notFound`.
    public var remoteActions: Set<String> = []
    /// What key presses reach: bindings by responder kind, then menu key equivalents.
    public var keys = KeyMap.none

    public init(registry: HandlerRegistry) {
        self.registry = registry
    }

    /// A validation pass over `session`, its application providing the context a
    /// command's validation may read (the role).
    public func scope(session: Session, catalog: any CatalogReading, remote: RemoteHandlers = .none) -> ValidationScope {
        ValidationScope(session: session, catalog: catalog, remote: remote, applicationProviders: registry.providers(of: .application))
    }

    /// Whether `action` is handled by some responder kind or by something attached in `session`.
    public func knows(_ action: String, in session: Session) -> Bool {
        registry.actions.contains(action) || session.attachments.actions.contains(action) || remoteActions.contains(action)
    }

    /// Walks the chain from `start` (the first responder by default) to the first
    /// responder that handles `invocation`, asking each it passes.
    public func resolve(
        _ invocation: Invocation, in scope: ValidationScope, from start: ResponderPath? = nil, explain: Bool = false
    ) -> Resolution {
        resolve(
            invocation.action, invocation.arguments, column: registry.column(of: invocation.action), in: scope,
            from: start, explain: explain, preparing: false
        )
    }

    /// Validates `invocation` against `session` as a menu would.
    public func validate(
        _ invocation: Invocation, in session: Session, catalog: any CatalogReading, remote: RemoteHandlers = .none,
        from start: ResponderPath? = nil, explain: Bool = false
    ) -> Resolution {
        resolve(invocation, in: scope(session: session, catalog: catalog, remote: remote), from: start, explain: explain)
    }
}
