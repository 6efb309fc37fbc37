import ChainModel
import ChainStorage

extension CommandRunner {
    /// Keeps windows following a session with it: after each presence flush, a window of
    /// this instance's sessions that follows a session whose viewer moved performs `follow`
    /// again (through the chain, so menus, events and the stored session stay right), and
    /// one that follows a session that left performs `unfollow`.
    package func keepFollowing(_ board: PresenceBoard) {
        board.onFlush { [weak self] flush in
            guard let self else { return }
            let shows = Dictionary(flush.changed.map { ($0.session, $0.shows) }, uniquingKeysWith: { _, last in last })
            let left = Set(flush.left)
            for (session, window, followed) in board.followers(of: Set(shows.keys).union(left)) {
                guard let path = ResponderPath(parsing: window) else { continue }
                let invocation: Invocation
                if left.contains(followed) {
                    invocation = Invocation(Unfollow())
                } else {
                    let current = board.localEntry(session.id)?.windows.first { $0.window == window }?.image
                    guard let image = shows[followed], current != image else { continue }
                    invocation = Invocation(Follow(session: followed))
                }
                run(invocation, from: path, on: session, explain: false) { _ in Self.unanswered }
            }
        }
    }

    /// The answer of a command the server performs for itself: nobody waits for it.
    private static let unanswered = PreparedAnswer(stored: StoredAnswer(status: 200, contentType: "", body: []), send: {})
}
