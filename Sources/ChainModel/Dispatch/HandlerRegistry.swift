/// Registrations per responder kind: the behaviour every grid, viewer, window or the
/// application has, like methods of an AppKit responder class. Built once, then shared.
public struct HandlerRegistry: Sendable {
    /// Indexed by `ResponderKind.index`: the walk looks a kind up without hashing.
    private var kinds = [Behavior](repeating: Behavior(), count: ResponderKind.allCases.count)
    private var nextToken = 1
    /// Every action some responder kind handles, kept with the registrations.
    public private(set) var actions: Set<String> = []

    public init() {}

    @discardableResult
    public mutating func register(_ registration: Registration, on kind: ResponderKind) -> RegistrationToken {
        let token = RegistrationToken(id: nextToken)
        nextToken += 1
        kinds[kind.index].add(registration, token: token)
        if case .handler(_, let action) = registration { actions.insert(action) }
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
            actions = Set(kinds.flatMap(\.handlers.keys))
            return true
        }
        return false
    }

    func behavior(of kind: ResponderKind?) -> Behavior? {
        guard let kind, !kinds[kind.index].isEmpty else { return nil }
        return kinds[kind.index]
    }

    func handler(for action: String, on kind: ResponderKind) -> ActionHandler? {
        kinds[kind.index].handler(for: action)
    }
}
