import ChainModel

/// A key binding as the menus file declares it: `{"responder": "grid", "key": "rightArrow",
/// "modifiers": [], "action": "moveSelection", "args": {...}}`, and `"handler": "h-1"` for one
/// a remote handler bound on its own responder. Written once, when the binding is made
/// (`KeyBinding.encoded`, `KeyBinding+Wire`); this copies those bytes.
package struct KeyBindingBody: WireValue {
    package let binding: KeyBinding

    package init(binding: KeyBinding) {
        self.binding = binding
    }

    package func write(to writer: inout JSONWriter) {
        writer.bytes.append(contentsOf: binding.encoded)
    }
}
