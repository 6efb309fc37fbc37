import ChainModel
import ChainStorage
import ChainSupport
import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The event streams of every session, and what feeds them: commands performed, catalog
/// commits, handler changes, sessions ending. Sessions that ever opened a stream are
/// "listeners": their events are numbered and kept for resuming even while no stream is
/// open, and the image index knows what their menus depend on.
///
/// Everything that decides what to send runs on one serial queue, in the order it
/// happened: a command's event, then the `menu` differences its commit caused (first, as
/// they are what a client redraws), then the commit's `catalog` to every listener. Menus
/// dirtied by a burst of commits are validated once per session.
package final class LiveEvents: Sendable {
    package let menus: MenuRenderer
    package let calls: RemoteCalls
    package let metrics: Metrics
    package let log: Logger
    /// What carries calls to other instances' streams of a session, when instances share
    /// storage.
    package let relay: (any CallRelay)?
    let queue = DispatchQueue(label: "chain.live")
    /// How long an open at the cap looks for a ghost among the session's streams before
    /// it is refused, and how often it writes to them meanwhile.
    package static let ghostSearch = Duration.seconds(2)
    package static let ghostLook = Duration.milliseconds(25)
    let state = Lock(State())
    /// Orders menu validations, so an older one never replaces a newer one.
    let stamps = Atomic<UInt64>(0)
    /// How long a stream's client may take none of the bytes waiting for it before the
    /// stream is cut and its connection closed (`HTTPStream.cutIfStalled`), looked at with
    /// each keep-alive.
    let stallLimit: Duration
    /// Every live session's presence entry; its flushes become `presence` events here.
    package let presence: PresenceBoard

    struct State {
        var listeners: [String: LiveSession] = [:]
        var index = ImageWatchIndex()
        /// The attributes (bit per slot) each listening session's grid views read: a commit
        /// writing one of them may change that session's working sets.
        var viewReads: [String: UInt16] = [:]
        /// Sessions whose menus need a look; `full` unless only the catalog changed for them.
        var dirty: [String: (session: LiveSession, full: Bool)] = [:]
        var flushScheduled = false
        var stopped = false
        /// Streams of ended sessions, still sending their `ended` until they close: looked at
        /// for stalls like the others, since no session holds them any more.
        var finishing: [any EventSink] = []
    }

    package init(
        menus: MenuRenderer, calls: RemoteCalls, metrics: Metrics, log: Logger, relay: (any CallRelay)? = nil,
        keepAlive: Duration = .seconds(15), stallLimit: Duration = .seconds(30), presence: PresenceBoard = PresenceBoard()
    ) {
        self.menus = menus
        self.calls = calls
        self.metrics = metrics
        self.log = log
        self.relay = relay
        self.stallLimit = stallLimit
        self.presence = presence
        presence.onFlush { [weak self] flush in self?.publishPresence(flush) }
        Self.repeatEvery(keepAlive, self) { $0.keepAlive() }
        // While a call waits, its session's streams are pinged often: a parked connection
        // learns that its client left only when it writes.
        Self.repeatEvery(.milliseconds(200), self) { $0.pingWaiting() }
    }

    /// Runs `tick` every `interval` until `events` is gone or stopped.
    private static func repeatEvery(_ interval: Duration, _ events: LiveEvents, _ tick: @escaping @Sendable (LiveEvents) -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + interval.dispatchInterval) { [weak events] in
            guard let events, !events.state.withLock({ $0.stopped }) else { return }
            tick(events)
            repeatEvery(interval, events, tick)
        }
    }

    // MARK: Streams

    /// `GET …/events`: `stream` opens on `session`, resumed after `lastEventID` when the
    /// session still holds what followed it, else starting with `hello`. `opened` is told
    /// once: nil when the stream is open, else why not.
    ///
    /// At the cap, a client reconnecting after a dropped network must not be refused for its
    /// own ghost. `SessionEvents.open` drops the streams whose socket says the client hung
    /// up; when none did, the streams are written to, which finds a client that left without
    /// a FIN. The writes go out on libmicrohttpd's threads, which a busy machine may be slow
    /// to run, so the open keeps writing and looking until `ghostSearch` has passed, not for
    /// a fixed number of tries.
    package func open(
        _ stream: any EventSink, on session: LiveSession, lastEventID: UInt64?,
        refusedAfter deadline: ContinuousClock.Instant? = nil, opened: @escaping @Sendable (SessionError?) -> Void
    ) {
        let opening = session.events.open(stream, lastEventID: lastEventID) { self.hello(for: session) }
        let deadline = deadline ?? .now + Self.ghostSearch
        switch opening {
        case .ended: return opened(.ended)
        case .tooMany where ContinuousClock.now < deadline:
            session.events.keepAlive()
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.ghostLook.dispatchInterval) { [self] in
                open(stream, on: session, lastEventID: lastEventID, refusedAfter: deadline, opened: opened)
            }
            return
        case .tooMany:
            return opened(.tooManyStreams(max: SessionEvents.maxStreams))
        case .resumed, .fresh: break
        }
        let listening = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.listeners[session.id] = session
            return true
        }
        if !listening { session.events.end(reason: .shutdown) }
        if relay != nil {
            relay?.listeningChanged(session.id)
            // Calls made here that wait on a stream elsewhere, whose client has moved here:
            // the first stream here had not heard them.
            if session.events.streamCount == 1 {
                for invoke in calls.waitingInvokes(of: session.id) { _ = session.events.deliver(LiveEvent(.invoke, encoded: invoke)) }
            }
        }
        stream.onClose { [weak self, weak session] in
            guard let self, let session else { return }
            self.closed(stream, of: session)
        }
        queue.async { [self] in
            watch(session)
            // The handlers just became live (or the replay is older than the menu).
            markDirty([session])
        }
        opened(nil)
    }

    /// The `hello` of a fresh stream, made under the session's events lock with the new
    /// stream counted (its handlers are live).
    private func hello(for session: LiveSession) -> SessionEvents.Hello? {
        let stamp = stamps.add(1, ordering: .relaxed).newValue
        guard let view = session.view(live: true) else { return nil }
        let entries = menus.entries(of: view)
        let watches = menus.watches(of: view)
        let version = menus.version(of: view, explain: false)
        let hello = LiveEvent.hello(HelloBody(
            session: SessionBody(
                id: session.id, session: view.model, version: view.version, principal: session.principal, catalog: menus.catalog),
            menu: MenuBody(entries: entries, firstResponder: view.model.firstResponder),
            catalogVersion: menus.catalog.committedVersion,
            watches: watches.isEmpty ? nil : WatchesBody(items: watches, watches: view.remote.watches)
        ))
        let basis = (version: view.version, live: view.remote.isLive)
        let views = Self.views(of: view.model, in: menus.catalog)
        return SessionEvents.Hello(event: hello, menu: MenuState(entries, watches: watches, basis: basis), stamp: stamp, views: views) { delta in
            .menu(MenuDeltaBody(etag: version.quoted, delta: delta))
        }
    }

    private func closed(_ stream: any EventSink, of session: LiveSession) {
        guard session.events.close(stream) == 0 else { return }
        relay?.listeningChanged(session.id)
        // The last stream here went: calls relayed here from another instance cannot be
        // heard here any more. Unless another instance streams the session, the handlers are
        // no longer live, and a call waiting on one fails now rather than at its deadline;
        // if one does, this instance's calls go to it.
        if session.events.isListenedElsewhere {
            calls.settleAll(of: session.id, .disconnected, onlyAdopted: true)
            offerWaitingCalls(of: session)
        } else {
            calls.settleAll(of: session.id, .disconnected)
        }
        queue.async { [self] in markDirty([session]) }
    }

    /// The sessions with a stream open here.
    package func listenedSessions() -> [String] {
        let listeners = state.withLock { Array($0.listeners.values) }
        return listeners.filter { $0.events.streamCount > 0 }.map(\.id)
    }

    /// The session ended: `ended`, streams closed, calls settled.
    package func ended(_ session: LiveSession, reason: SessionEndReason) {
        let finishing = session.events.end(reason: reason)
        calls.settleAll(of: session.id, .sessionEnded)
        relay?.listeningChanged(session.id)
        state.withLock { state in
            state.finishing += finishing
            state.listeners[session.id] = nil
            state.dirty[session.id] = nil
            state.index.unwatch(session.id)
            state.viewReads[session.id] = nil
        }
    }

    /// Shutdown: every stream gets `ended` (`shutdown`) and closes; no stream opens after.
    package func shutdown() {
        let listeners = state.withLock { state in
            state.stopped = true
            return Array(state.listeners.values)
        }
        for session in listeners { session.events.end(reason: .shutdown) }
        calls.settleAll(of: nil, .sessionEnded)
    }

    func isListening(_ session: LiveSession) -> Bool {
        state.withLock { $0.listeners[session.id] != nil }
    }

}
