import ChainModel

/// One event of a session's stream (`GET …/events`), as the API document lists them: its
/// kind, which is its `event:` name on the wire, and its JSON data. Each kind is made from
/// its wire body here, so the names are spelled once and every payload is written by the
/// JSON writer.
package struct LiveEvent: Sendable {
    package enum Kind: String, Sendable, CaseIterable {
        case hello, menu, command, catalog, invoke, ended, view, presence
    }

    package let kind: Kind
    package let data: [UInt8]

    /// An event of `kind` whose data was encoded before (an `invoke` kept for redelivery, or
    /// relayed by another instance).
    package init(_ kind: Kind, encoded data: [UInt8]) {
        self.kind = kind
        self.data = data
    }

    /// A fresh stream's first event: the session and its menu.
    package static func hello(_ body: HelloBody) -> LiveEvent { LiveEvent(.hello, encoded: body.encoded()) }
    /// The items of the menu whose validation changed.
    package static func menu(_ body: MenuDeltaBody) -> LiveEvent { LiveEvent(.menu, encoded: body.encoded()) }
    /// A command performed on the session, by any of its clients.
    package static func command(_ answer: CommandAnswer) -> LiveEvent { LiveEvent(.command, encoded: answer.encoded()) }
    /// A grid's working set changed members or order.
    package static func view(_ body: ViewEventBody) -> LiveEvent { LiveEvent(.view, encoded: body.encoded()) }
    /// A committed change to the catalog, by any session.
    package static func catalog(_ body: CatalogEventBody) -> LiveEvent { LiveEvent(.catalog, encoded: body.encoded()) }
    /// A call to one of the session's remote handlers.
    package static func invoke(_ body: InvokeBody) -> LiveEvent { LiveEvent(.invoke, encoded: body.encoded()) }
    /// Other sessions' presence entries that changed, and those that left.
    package static func presence(_ body: PresenceBody) -> LiveEvent { LiveEvent(.presence, encoded: body.encoded()) }
    /// The session ended, and why; the stream closes after it.
    package static func ended(_ reason: SessionEndReason) -> LiveEvent { LiveEvent(.ended, encoded: EndedBody(reason: reason).encoded()) }
}
