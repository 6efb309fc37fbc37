/// What a key a remote handler contributes collides with: a key equivalent already in force
/// (a menu bar item's, or another handler's item's), or a binding already in force on the
/// handler's responder (its kind's, or another handler's there).
public enum KeyConflict: Sendable, Equatable {
    case menuItem(id: String, key: KeyEquivalent)
    case binding(KeyBinding)

    public var key: KeyEquivalent {
        switch self {
        case .menuItem(_, let key): key
        case .binding(let binding): binding.key
        }
    }

    public var description: String {
        switch self {
        case .menuItem(let id, let key): "key \(key) is already the key equivalent of menu item \"\(id)\""
        case .binding(let binding):
            "key \(binding.key) is already bound to \(binding.invocation.action) on "
                + (binding.handler.map { "the responder by handler \($0)" } ?? "every \(binding.kind.configName)")
        }
    }

    /// The first collision of `handler`'s contributed keys (on a responder of `kind`) with
    /// `keys` and the session's other handlers, `others`; `nil` when none.
    public static func first(
        for handler: RemoteHandler, kind: ResponderKind, keys: KeyMap, among others: RemoteHandlers
    ) -> KeyConflict? {
        let rivals = others.handlers.filter { $0.id != handler.id }
        for item in handler.menuItems {
            guard let key = item.keyEquivalent else { continue }
            if let held = keys.menuBar?.item(forKey: key.key, modifiers: key.modifiers) { return .menuItem(id: held.id, key: key) }
            for rival in rivals {
                if let held = rival.menuItems.first(where: { $0.keyEquivalent == key }) {
                    return .menuItem(id: held.menuItem(of: rival).id, key: key)
                }
            }
        }
        for binding in handler.keyBindings {
            if let held = keys.bindings.binding(for: binding.key, on: kind) { return .binding(held) }
            for rival in rivals where rival.responder == handler.responder {
                if let held = rival.keyBindings.first(where: { $0.key == binding.key }) {
                    return .binding(held.keyBinding(of: rival, kind: kind))
                }
            }
        }
        return nil
    }
}
