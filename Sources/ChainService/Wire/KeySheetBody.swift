import ChainModel

/// Every key that does something now for a session's chain (`GET /v1/sessions/{id}/keys`):
/// `{"firstResponder", "keys": [{"key", "modifiers", "action", "args", "responder", "title",
/// "enabled", "source": "binding" | "menu"}]}`, nearest bindings first, then the menu's.
package struct KeySheetBody: WireObject {
    package let entries: [KeySheetEntry]
    package let firstResponder: ResponderPath

    package func members(_ member: inout JSONObjectWriter) {
        member("firstResponder", firstResponder)
        member("keys", entries.lazy.map(Entry.init))
    }

    package struct Entry: WireObject {
        package let entry: KeySheetEntry

        package func members(_ member: inout JSONObjectWriter) {
            member("key", entry.key.key)
            member("modifiers", entry.key.modifiers.nameList)
            member("action", entry.invocation.action)
            member("args", entry.invocation.arguments.json)
            member("responder", entry.responder)
            member("title", entry.title)
            member("enabled", entry.enabled)
            member("source", entry.source.rawValue)
        }
    }
}
