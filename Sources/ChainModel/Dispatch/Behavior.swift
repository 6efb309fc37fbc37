/// Everything registered on one responder kind or one responder: handlers by action,
/// supplemental targets, context providers, event observers and error catchers. Later
/// registrations come first, so a newer handler overrides an older one.
public struct Behavior: Sendable {
    struct Entry<Value: Sendable>: Sendable {
        let token: RegistrationToken
        let value: Value
    }

    var handlers: [String: [Entry<ActionHandler>]] = [:]
    var redirects: [Entry<Redirect>] = []
    var providers: [Entry<ContextProvider>] = []
    var observers: [Entry<EventObserver>] = []
    var catchers: [Entry<ErrorCatcher>] = []

    func handler(for action: String) -> ActionHandler? {
        handlers[action]?.last?.value
    }

    var isEmpty: Bool {
        handlers.isEmpty && redirects.isEmpty && providers.isEmpty && observers.isEmpty && catchers.isEmpty
    }

    /// Removes the registration `token` names; `false` when it is not here.
    mutating func remove(_ token: RegistrationToken) -> Bool {
        for (action, entries) in handlers {
            if let index = entries.firstIndex(where: { $0.token == token }) {
                handlers[action]!.remove(at: index)
                if handlers[action]!.isEmpty { handlers[action] = nil }
                return true
            }
        }
        return Self.remove(token, from: &redirects) || Self.remove(token, from: &providers)
            || Self.remove(token, from: &observers) || Self.remove(token, from: &catchers)
    }

    private static func remove<Value>(_ token: RegistrationToken, from entries: inout [Entry<Value>]) -> Bool {
        guard let index = entries.firstIndex(where: { $0.token == token }) else { return false }
        entries.remove(at: index)
        return true
    }
}

/// One kind of registration, so one `register` serves handlers, observers and the rest.
public enum Registration: Sendable {
    case handler(ActionHandler, action: String)
    case redirect(Redirect)
    case provider(ContextProvider)
    case observer(EventObserver)
    case catcher(ErrorCatcher)
}

extension Behavior {
    mutating func add(_ registration: Registration, token: RegistrationToken) {
        switch registration {
        case .handler(let handler, let action): handlers[action, default: []].append(Entry(token: token, value: handler))
        case .redirect(let redirect): redirects.append(Entry(token: token, value: redirect))
        case .provider(let provider): providers.append(Entry(token: token, value: provider))
        case .observer(let observer): observers.append(Entry(token: token, value: observer))
        case .catcher(let catcher): catchers.append(Entry(token: token, value: catcher))
        }
    }
}
