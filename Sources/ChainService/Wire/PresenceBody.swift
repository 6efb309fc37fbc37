import ChainModel

/// `GET /v1/presence`'s body, and the `presence` event's: live sessions' entries, and in an
/// event the sessions that left since the last one (`left`, `nil` in the list).
package struct PresenceBody: WireObject {
    package let sessions: [PresenceEntry]
    package let left: [String]?

    package init(sessions: [PresenceEntry], left: [String]? = nil) {
        self.sessions = sessions
        self.left = left
    }

    package func members(_ member: inout JSONObjectWriter) {
        member("sessions", sessions)
        member("left", ifPresent: left)
    }
}
