import ChainModel
import ChainStorage

extension Cluster {
    /// Shares presence with the other instances through `relay`: each flush publishes the
    /// entries of this instance's sessions that changed (or left), and the others' entries
    /// join the board as they are heard, so `GET /v1/presence`, `presence` events and
    /// `follow` see every instance's sessions.
    func sharePresence(through relay: any PresenceRelay) {
        let board = live.presence
        relay.presenceReceiver = PresenceRelayReceiver(
            heard: { origin, session, bytes in
                guard let bytes else { return board.heard(session, nil, from: origin) }
                guard let json = try? JSONParser.parse(bytes), let entry = PresenceEntry(json: json), entry.session == session else { return }
                board.heard(session, entry, from: origin)
            },
            held: { board.localEntries.map { (session: $0.session, entry: $0.encoded()) } })
        board.onFlush { [weak relay] flush in
            for session in flush.local.sorted() {
                relay?.publishPresence(session: session, entry: board.localEntry(session)?.encoded())
            }
        }
    }
}
