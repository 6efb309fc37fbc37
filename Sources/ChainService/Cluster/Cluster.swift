import ChainModel
import ChainStorage
import Dispatch

/// What an instance does when it shares storage with others: its mirror follows their
/// commits, sessions they changed are taken again, and calls, answers and streams they relay
/// reach this instance's sessions. One instance on its own storage never uses it, so the
/// single-instance types do not speak of other instances beyond the few questions they ask
/// (`SessionRegistry`'s `listenedElsewhere`, `LiveEvents`'s relay).
package struct Cluster: Sendable {
    package let catalog: CatalogMirror
    package let sessions: SessionRegistry
    package let journal: SessionJournal
    package let live: LiveEvents
    package let calls: RemoteCalls
    package let metrics: Metrics
    package let maxJSONDepth: Int

    package init(
        catalog: CatalogMirror, sessions: SessionRegistry, journal: SessionJournal, live: LiveEvents, calls: RemoteCalls,
        metrics: Metrics, maxJSONDepth: Int
    ) {
        self.catalog = catalog
        self.sessions = sessions
        self.journal = journal
        self.live = live
        self.calls = calls
        self.metrics = metrics
        self.maxJSONDepth = maxJSONDepth
    }

    /// Makes the mirror follow other instances on `storage`: each of their commits
    /// reaches this instance's event streams as its own commits do, and a session one of them
    /// changed or ended is taken again from storage, in its turn.
    package func follow(_ storage: any CatalogStorage) {
        let (catalog, sessions, journal, live, metrics) = (catalog, sessions, journal, live, metrics)
        storage.follower = CommitFollower(
            position: { catalog.followedPosition },
            apply: { changes, changedSessions, position in
                if let version = catalog.follow(changes, position: position) {
                    metrics.recordFollowed()
                    live.committed(changes, version: version, in: catalog)
                }
                for id in Set(changedSessions) {
                    guard let session = sessions.session(id: id) else { continue }
                    // Off the writer's thread: the session's turn may be a while coming.
                    DispatchQueue.global().async {
                        session.submit(ended: {}) { finish in
                            defer { finish() }
                            Self.takeAgain(session, journal: journal, sessions: sessions, live: live)
                        }
                    }
                }
            },
            advance: { positions in catalog.advance(over: positions) },
            reload: { columns, position in
                let version = catalog.reload(columns, position: position)
                // Every image, for the streams to look at: they read the values from the
                // mirror, so the placeholder values here are never shown.
                let everything = ChangeSet(Attribute.all.map { .init(attribute: $0, images: catalog.allImages(), values: .all(0)) })
                live.committed(everything, version: version, in: catalog)
            },
            added: { images, position in
                let version = catalog.add(images, position: position)
                // The new images' names, off the writer's thread: until they come, name and
                // capture-time orders show them last, by id.
                DispatchQueue.global().async {
                    if let keys = try? storage.loadSortKeys() { catalog.setSortKeys(keys) }
                }
                let selection = ImageSelection(images.map(\.0))
                live.committed(ChangeSet(Attribute.all.map { .init(attribute: $0, images: selection, values: .all(0)) }), version: version, in: catalog)
            })
    }

    /// Takes the calls, answers and streams other instances relay through `relay` (none when
    /// storage is not shared):
    /// a call whose session streams here is sent to those streams and waits here for the
    /// answer; an answer to a call made here settles it as an answer given here would.
    package func receive(from relay: (any CallRelay)?) {
        guard let relay else { return }
        if let presence = relay as? any PresenceRelay { sharePresence(through: presence) }
        let (sessions, live, calls) = (sessions, live, calls)
        let answers = RemoteCallAnswers(calls: calls, relay: relay, catalog: catalog, maxJSONDepth: maxJSONDepth)
        let isListenedHere: @Sendable (String) -> Bool = { id in (sessions.session(id: id)?.events.streamCount ?? 0) > 0 }
        relay.receiver = CallRelayReceiver(
            invoked: { call, id, invoke, deadline in
                guard isListenedHere(id), let session = sessions.session(id: id) else {
                    relay.disconnect(call: call, heard: false)
                    return
                }
                live.invokeRelayed(call, invoke: invoke, deadline: deadline, on: session)
            },
            settled: { call, id, answer, heard in
                // Off the relay's thread: the answer goes on to perform the command.
                DispatchQueue.global().async {
                    answers.settledElsewhere(call, session: id, answer: answer, heard: heard, listenedHere: isListenedHere(id))
                }
            },
            listenedElsewhere: { id, elsewhere in
                guard let session = sessions.session(id: id) else { return }
                live.handlersChanged(on: session)
                if elsewhere { live.offerWaitingCalls(of: session) }
                // No stream anywhere now (the last elsewhere closed, or its instance was
                // killed): a call this instance made cannot be heard.
                if !session.events.isListened { calls.settleAll(of: id, .disconnected) }
            },
            isListenedHere: isListenedHere,
            listenedHere: { live.listenedSessions() })
    }

    /// `session` as storage holds it now: ended when it is stored no more, its state replaced
    /// (and its streams sent the new menu) when another instance stored a newer one.
    private static func takeAgain(_ session: LiveSession, journal: SessionJournal, sessions: SessionRegistry, live: LiveEvents) {
        do {
            guard let newer = try journal.refresh(session) else { return sessions.forget(session, reason: .deleted) }
            guard newer else { return }
            // Used elsewhere is used: this instance's idle expiry starts again too.
            session.touch(.now)
            live.changedElsewhere(session)
        } catch {
            // Storage unreachable: the next command's conflict takes it again.
        }
    }
}
