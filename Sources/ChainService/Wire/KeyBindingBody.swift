import ChainModel

/// A key binding as the menus file declares it: `{"responder": "grid", "key": "rightArrow",
/// "modifiers": [], "action": "moveSelection", "args": {...}}`, and `"handler": "h-1"` for one
/// a remote handler bound on its own responder.
package struct KeyBindingBody: WireObject {
    package let binding: KeyBinding

    package init(binding: KeyBinding) {
        self.binding = binding
    }

    package func members(_ member: inout JSONObjectWriter) {
        member("responder", binding.kind.configName)
        member("key", binding.key.key)
        member("modifiers", binding.key.modifiers.nameList)
        member("action", binding.invocation.action)
        member("args", binding.invocation.arguments.json)
        member("handler", ifPresent: binding.handler)
    }
}
