/// Registrations per responder kind: the behaviour every grid, viewer, window or the
/// application has, like methods of an AppKit responder class. Built once, then shared.
public struct HandlerRegistry: Sendable {
    private(set) var kinds: [ResponderKind: Behavior] = [:]
    private var nextToken = 1

    public init() {}

    @discardableResult
    public mutating func register(_ registration: Registration, on kind: ResponderKind) -> RegistrationToken {
        let token = RegistrationToken(id: nextToken)
        nextToken += 1
        kinds[kind, default: Behavior()].add(registration, token: token)
        return token
    }

    /// Registers a typed command on a responder kind.
    @discardableResult
    public mutating func register<C: Command>(_ command: C.Type, on kind: ResponderKind) -> RegistrationToken {
        register(.handler(ActionHandler(command), action: C.action), on: kind)
    }

    @discardableResult
    public mutating func remove(_ token: RegistrationToken) -> Bool {
        for kind in kinds.keys where kinds[kind]!.remove(token) { return true }
        return false
    }

    func behavior(of kind: ResponderKind) -> Behavior? { kinds[kind] }

    /// Every action some responder kind handles.
    public var actions: Set<String> {
        Set(kinds.values.flatMap(\.handlers.keys))
    }
}
