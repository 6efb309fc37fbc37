import ChainModel
import ChainStorage

/// One line of an image's history: `{"principal", "session", "action", "time", "before",
/// "after"}`, `time` in RFC 3339 UTC with milliseconds, `before` and `after` naming only the
/// attributes that changed, with their values as elsewhere on the wire (`Attribute.json`).
package struct HistoryEntryBody: WireObject {
    package let entry: HistoryEntry

    package init(entry: HistoryEntry) {
        self.entry = entry
    }

    package func members(_ member: inout JSONObjectWriter) {
        member("principal", entry.principal)
        member("session", entry.session)
        member("action", entry.action)
        member("time", LogClock.format(milliseconds: entry.time))
        member("before", Self.values(entry.before))
        member("after", Self.values(entry.after))
    }

    private static func values(_ values: AttributeValues) -> JSON {
        .object(values.attributes.map { (key: $0.name, value: $0.json(values[$0]!)) })
    }
}
