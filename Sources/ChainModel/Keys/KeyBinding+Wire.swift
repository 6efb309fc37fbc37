extension KeyBinding {
    /// `{"responder": "grid", "key": "rightArrow", "modifiers": [], "action": "moveSelection",
    /// "args": {...}}`, and `"handler": "h-1"` for one a remote handler bound on its own
    /// responder.
    static func encode(kind: ResponderKind, key: KeyEquivalent, invocation: Invocation, handler: String?) -> [UInt8] {
        var writer = JSONWriter(capacity: 160)
        writer.object { member in
            member("responder", kind.configName)
            member("key", key.key)
            member("modifiers", key.modifiers.nameList)
            member("action", invocation.action)
            member("args", invocation.arguments.json)
            member("handler", ifPresent: handler)
        }
        return writer.bytes
    }
}
