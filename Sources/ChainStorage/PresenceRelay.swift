/// Presence shared by instances over one database: each instance publishes the presence
/// entries of the sessions it holds (`PresenceBoard` in the service), and hears the others'.
/// Carried by the same notifications as `CallRelay`; storage only this instance uses has none.
package protocol PresenceRelay: AnyObject, Sendable {
    /// What this instance does with the others' entries. Set before the first use.
    var presenceReceiver: PresenceRelayReceiver? { get set }

    /// This instance's entry of `session` changed (its JSON), or the session left it (`nil`).
    /// Asynchronous, in order.
    func publishPresence(session: String, entry: [UInt8]?)
}

/// What an instance does with the presence other instances relay (`PresenceRelay`), on the
/// relay's thread, in the order the database delivered it.
package struct PresenceRelayReceiver: Sendable {
    /// Instance `origin`'s entry of `session` (its JSON), or `nil` when the session left it or
    /// that instance stopped running. A session may be held by several instances at once.
    package let heard: @Sendable (_ origin: String, _ session: String, _ entry: [UInt8]?) -> Void
    /// This instance's entries, to publish again after the database restarted or the
    /// connection came back.
    package let held: @Sendable () -> [(session: String, entry: [UInt8])]

    package init(
        heard: @escaping @Sendable (_ origin: String, _ session: String, _ entry: [UInt8]?) -> Void,
        held: @escaping @Sendable () -> [(session: String, entry: [UInt8])]
    ) {
        self.heard = heard
        self.held = held
    }
}
