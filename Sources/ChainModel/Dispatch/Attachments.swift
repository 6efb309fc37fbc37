/// Registrations on individual responders of one session, made at run time. They travel
/// with the session value and vanish with the responder's window.
struct Attachments: Sendable {
    private(set) var responders: [ResponderPath: Behavior] = [:]
    private var nextToken = 1

    var isEmpty: Bool { responders.isEmpty }

    mutating func add(_ registration: Registration, to path: ResponderPath) -> RegistrationToken {
        // Session tokens count down so they never equal a registry's.
        let token = RegistrationToken(id: -nextToken)
        nextToken += 1
        responders[path, default: Behavior()].add(registration, token: token)
        return token
    }

    mutating func remove(_ token: RegistrationToken) -> Bool {
        for path in responders.keys where responders[path]!.remove(token) {
            if responders[path]!.isEmpty { responders[path] = nil }
            return true
        }
        return false
    }

    mutating func removeAll(within path: ResponderPath) {
        for key in responders.keys where key.isWithin(path) { responders[key] = nil }
    }

    func behavior(at path: ResponderPath) -> Behavior? {
        responders.isEmpty ? nil : responders[path]
    }

    var actions: Set<String> { Set(responders.values.flatMap(\.handlers.keys)) }
}

extension Session {
    /// Attaches a handler, observer, catcher, provider or redirect to one responder of
    /// this session. Throws `notFound` when the path names no responder here.
    @discardableResult
    public mutating func attach(_ registration: Registration, to path: ResponderPath) throws(CommandError) -> RegistrationToken {
        guard contains(path) else { throw .notFound(kind: .responder, name: path.string, field: nil) }
        return attachments.add(registration, to: path)
    }

    /// Removes what `token` attached; `false` when it is already gone.
    @discardableResult
    public mutating func detach(_ token: RegistrationToken) -> Bool {
        attachments.remove(token)
    }
}
