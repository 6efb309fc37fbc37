/// Registrations per responder kind: the behaviour every grid, viewer, window or the
/// application has, like methods of an AppKit responder class. Built once, then shared.
public struct HandlerRegistry: Sendable {
    /// Indexed by `ResponderKind.index`: the walk looks a kind up without hashing.
    private var kinds = [Behavior](repeating: Behavior(), count: ResponderKind.allCases.count)
    private var nextToken = 1
    /// Every action some responder kind handles, kept with the registrations.
    public private(set) var actions: Set<String> = []
    /// Each action's column in `table`, so a walk hashes its action once rather than once
    /// per responder it passes.
    private var columns = ActionColumns()
    /// `table[kind.index][column]`: the kind's newest handler for the column's action.
    /// Derived from `kinds` whenever a handler comes or goes.
    private var table: [[ActionHandler?]] = []

    public init() {}

    @discardableResult
    public mutating func register(_ registration: Registration, on kind: ResponderKind) -> RegistrationToken {
        let token = RegistrationToken(id: nextToken)
        nextToken += 1
        kinds[kind.index].add(registration, token: token)
        if case .handler = registration { rebuildHandlers() }
        return token
    }

    /// Registers a typed command on a responder kind.
    @discardableResult
    public mutating func register<C: Command>(_ command: C.Type, on kind: ResponderKind) -> RegistrationToken {
        register(.handler(ActionHandler(command), action: C.action), on: kind)
    }

    @discardableResult
    public mutating func remove(_ token: RegistrationToken) -> Bool {
        for index in kinds.indices where kinds[index].remove(token) {
            rebuildHandlers()
            return true
        }
        return false
    }

    private mutating func rebuildHandlers() {
        actions = Set(kinds.flatMap(\.handlers.keys))
        let names = Array(actions)
        columns = ActionColumns(names)
        table = kinds.map { behavior in names.map { behavior.handler(for: $0) } }
    }

    /// The column of `action` in the handler table; `nil` when no kind handles it.
    func column(of action: String) -> Int? { columns[action] }

    func handler(inColumn column: Int, on kind: ResponderKind) -> ActionHandler? {
        table[kind.index][column]
    }

    func redirects(of kind: ResponderKind) -> [Behavior.Entry<Redirect>] { kinds[kind.index].redirects }
    func providers(of kind: ResponderKind) -> [Behavior.Entry<ContextProvider>] { kinds[kind.index].providers }
    func observers(of kind: ResponderKind) -> [Behavior.Entry<EventObserver>] { kinds[kind.index].observers }
    /// Asked first by event delivery, which passes most responders without an observer.
    func hasObservers(on kind: ResponderKind) -> Bool { !kinds[kind.index].observers.isEmpty }
    func catchers(of kind: ResponderKind) -> [Behavior.Entry<ErrorCatcher>] { kinds[kind.index].catchers }
}
