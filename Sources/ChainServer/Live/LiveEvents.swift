import ChainModel
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The event streams of every session, and what feeds them: commands performed, catalog
/// commits, handler changes, sessions ending. Sessions that ever opened a stream are
/// "listeners": their events are numbered and kept for resuming even while no stream is
/// open, and the image index knows what their menus depend on.
///
/// Everything that decides what to send runs on one serial queue, in the order it
/// happened: a command's event, then the `menu` differences its commit caused (first, as
/// they are what a client redraws), then the commit's `catalog` to every listener. Menus
/// dirtied by a burst of commits are validated once per session.
final class LiveEvents: Sendable {
    let menus: MenuRenderer
    let calls: RemoteCalls
    let metrics: Metrics
    let log: Logger
    /// What carries calls to other instances' streams of a session, when instances share
    /// storage.
    let relay: (any CallRelay)?
    private let queue = DispatchQueue(label: "chain.live")
    /// How long an open at the cap looks for a ghost among the session's streams before
    /// it is refused, and how often it writes to them meanwhile.
    static let ghostSearch = Duration.seconds(2)
    static let ghostLook = Duration.milliseconds(25)
    private let state = Mutex(State())
    /// Orders menu validations, so an older one never replaces a newer one.
    private let stamps = Atomic<UInt64>(0)
    /// How long a stream's client may take none of the bytes waiting for it before the
    /// stream is cut and its connection closed (`HTTPStream.cutIfStalled`), looked at with
    /// each keep-alive.
    private let stallLimit: Duration

    private struct State {
        var listeners: [String: LiveSession] = [:]
        var index = ImageWatchIndex()
        /// Sessions whose menus need a look; `full` unless only the catalog changed for them.
        var dirty: [String: (session: LiveSession, full: Bool)] = [:]
        var flushScheduled = false
        var stopped = false
        /// Streams of ended sessions, still sending their `ended` until they close: looked at
        /// for stalls like the others, since no session holds them any more.
        var finishing: [HTTPStream] = []
    }

    init(
        menus: MenuRenderer, calls: RemoteCalls, metrics: Metrics, log: Logger, relay: (any CallRelay)? = nil,
        keepAlive: Duration = .seconds(15), stallLimit: Duration = .seconds(30)
    ) {
        self.menus = menus
        self.calls = calls
        self.metrics = metrics
        self.log = log
        self.relay = relay
        self.stallLimit = stallLimit
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

    /// `GET …/events`: a new stream on `session`, resumed after `lastEventID` when the
    /// session still holds what followed it, else starting with `hello`.
    ///
    /// At the cap, a client reconnecting after a dropped network must not be refused for its
    /// own ghost. `SessionEvents.open` drops the streams whose socket says the client hung
    /// up; when none did, the streams are written to, which finds a client that left without
    /// a FIN. The writes go out on libmicrohttpd's threads, which a busy machine may be slow
    /// to run, so the open keeps writing and looking until `ghostSearch` has passed, not for
    /// a fixed number of tries.
    func open(
        _ session: LiveSession, lastEventID: UInt64?, respond: @escaping Route.Respond,
        refusedAfter deadline: ContinuousClock.Instant? = nil
    ) {
        let stream = HTTPStream()
        let opening = session.events.open(stream, lastEventID: lastEventID) { self.hello(for: session) }
        let deadline = deadline ?? .now + Self.ghostSearch
        switch opening {
        case .ended: return respond(SessionRequest.endedProblem.response)
        case .tooMany where ContinuousClock.now < deadline:
            session.events.keepAlive()
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.ghostLook.dispatchInterval) { [self] in
                open(session, lastEventID: lastEventID, respond: respond, refusedAfter: deadline)
            }
            return
        case .tooMany:
            return respond(Problem(.tooManyStreams, "a session has at most \(SessionEvents.maxStreams) open event streams; close one first").response)
        case .resumed, .fresh: break
        }
        let listening = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.listeners[session.id] = session
            return true
        }
        if !listening { session.events.end(reason: "shutdown") }
        if relay != nil {
            relay?.listeningChanged(session.id)
            // Calls made here that wait on a stream elsewhere, whose client has moved here:
            // the first stream here had not heard them.
            if session.events.streamCount == 1 {
                for invoke in calls.waitingInvokes(of: session.id) { _ = session.events.deliver("invoke", invoke) }
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
        var response = HTTPResponse(status: 200, contentType: "text/event-stream", stream: stream)
        response.headers += [
            HTTPResponse.Header(name: "Cache-Control", value: "no-store"),
            HTTPResponse.Header(name: "X-Accel-Buffering", value: "no"),
        ]
        respond(response)
    }

    /// The `hello` of a fresh stream, made under the session's events lock with the new
    /// stream counted (its handlers are live).
    private func hello(for session: LiveSession) -> SessionEvents.Hello? {
        let stamp = stamps.add(1, ordering: .relaxed).newValue
        guard let view = session.view(live: true) else { return nil }
        let entries = menus.entries(of: view)
        let tag = menus.tag(of: view, explain: false)
        let data = HelloBody(
            session: SessionBody(id: session.id, session: view.model, version: view.version),
            menu: MenuBody(entries: entries, firstResponder: view.model.firstResponder),
            catalogVersion: menus.catalog.committedVersion
        ).encoded()
        let basis = (version: view.version, live: view.remote.isLive)
        return SessionEvents.Hello(data: data, menu: MenuState(entries, basis: basis), stamp: stamp) { items in
            MenuDeltaBody(etag: tag.quoted, items: items).encoded()
        }
    }

    private func closed(_ stream: HTTPStream, of session: LiveSession) {
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
    func listenedSessions() -> [String] {
        let listeners = state.withLock { Array($0.listeners.values) }
        return listeners.filter { $0.events.streamCount > 0 }.map(\.id)
    }

    // MARK: What feeds the streams

    /// After a command performed on `session`: its `command` event, then the session's menu.
    func performed(_ outcome: CommandOutcome, on session: LiveSession, version: Int) {
        guard isListening(session) else { return }
        queue.async { [self] in
            let data = CommandAnswer(outcome: outcome, sessionID: session.id, version: version, explain: false, versionOnly: true).encoded()
            session.events.publish("command", data)
            watch(session)
            markDirty([session])
        }
    }

    /// Another instance performed a command on `session`: its menu, as the session is now.
    func changedElsewhere(_ session: LiveSession) {
        guard isListening(session) else { return }
        queue.async { [self] in
            watch(session)
            markDirty([session])
        }
    }

    /// After a commit (on the writer's thread, in commit order): `catalog` to every listener,
    /// and a menu look at the listeners whose menus depend on the images it wrote.
    /// The images' values are read from `catalog` now, before the next commit lands.
    func committed(_ changes: ChangeSet, version: UInt64, in catalog: CatalogMirror) {
        guard state.withLock({ !$0.listeners.isEmpty }) else { return }
        let ranges = ImageWatchIndex.ranges(of: changes)
        let images = catalog.committedImages(in: ranges, limit: Event.listLimit)
        let count = ranges.reduce(0) { $0 + $1.count }
        queue.async { [self] in
            let started = Self.threadCPUTime()
            let touched = state.withLock { state in
                state.index.sessions(touching: ranges).compactMap { state.listeners[$0] }
            }
            markDirty(touched, catalogOnly: true)
            metrics.recordFanout(seconds: Self.seconds(since: started), sessions: touched.count)
            // Behind the menu pass markDirty queued: the sessions watching these images hear
            // of their menus first, then every listener of the commit.
            queue.async { [self] in
                let started = Self.threadCPUTime()
                let event = SessionEvents.Shared(
                    name: "catalog", data: CatalogEventBody(catalogVersion: version, images: images, count: count).encoded())
                let listeners = state.withLock { Array($0.listeners.values) }
                for session in listeners { session.events.publish(event) }
                metrics.recordBroadcast(seconds: Self.seconds(since: started), listeners: listeners.count)
            }
        }
    }

    /// A command reached a remote handler: `invoke` goes to the session's streams here,
    /// and is offered to other instances' when one streams the session. Then, unless a
    /// stream here took it or it was offered elsewhere (where it may still come back
    /// undelivered), it settles `undelivered`: nobody was told anything.
    func invoke(_ call: RemoteCall, id: String, deadline: Date, on session: LiveSession) {
        // Straight to the streams, not behind the events queue: a client is waiting on it,
        // and the queue may be busy fanning a commit out to a thousand sessions.
        let data = InvokeBody(call: id, remote: call, deadline: Self.timestamp(deadline)).encoded()
        _ = session.events.deliver("invoke", data) { calls.markHeard(id) }
        if relay != nil {
            calls.keep(id, invoke: data, deadline: deadline)
            offerWaitingCalls(of: session)
        }
        // One step with the marks: a stream opening meanwhile was handed it (heard), and an
        // instance streaming the session was offered it (offered).
        calls.settleUnheard(id)
    }

    /// Offers this instance's calls of `session` not yet offered to other instances' streams,
    /// when one streams it: at the call, when such a stream opens, or when the last stream
    /// here closes while one is open elsewhere (its client moved there).
    func offerWaitingCalls(of session: LiveSession) {
        guard let relay, session.events.isListenedElsewhere else { return }
        calls.offerUnoffered(of: session.id) { offer in
            relay.offer(call: offer.id, session: session.id, invoke: offer.invoke, deadline: offer.deadline)
        }
    }

    /// Another instance's call of `session`, relayed here: `invoke` goes to this instance's
    /// streams, and the call waits here for its client's answer, which goes back through the
    /// relay; if no stream here takes it, it goes back undelivered at once.
    func invokeRelayed(_ call: String, invoke data: [UInt8], deadline: Date, on session: LiveSession) {
        guard let relay else { return }
        // Answers to it go straight through the relay (`RemoteCallAnswers`), not through here.
        calls.adopt(call, session: session.id, deadline: deadline) { settlement in
            switch settlement {
            case .disconnected, .sessionEnded: relay.disconnect(call: call, heard: true)
            case .undelivered: relay.disconnect(call: call, heard: false)
            case .answered, .timedOut: break  // the caller's own deadline settles it
            }
        }
        // The last stream may have closed meanwhile: then nobody here heard it.
        let taken: () -> Void = { [calls] in
            calls.markHeard(call)
            relay.heard(call: call)
        }
        if !session.events.deliver("invoke", data, taken: taken) { calls.settleUnheard(call) }
    }

    /// RFC 3339 in UTC with milliseconds.
    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }

    /// After a handler was registered, changed or removed.
    func handlersChanged(on session: LiveSession) {
        guard isListening(session) else { return }
        queue.async { [self] in markDirty([session]) }
    }

    /// The session ended: `ended`, streams closed, calls settled.
    func ended(_ session: LiveSession, reason: String) {
        let finishing = session.events.end(reason: reason)
        calls.settleAll(of: session.id, .sessionEnded)
        relay?.listeningChanged(session.id)
        state.withLock { state in
            state.finishing += finishing
            state.listeners[session.id] = nil
            state.dirty[session.id] = nil
            state.index.unwatch(session.id)
        }
    }

    /// Shutdown: every stream gets `ended` (`shutdown`) and closes; no stream opens after.
    func shutdown() {
        let listeners = state.withLock { state in
            state.stopped = true
            return Array(state.listeners.values)
        }
        for session in listeners { session.events.end(reason: "shutdown") }
        calls.settleAll(of: nil, .sessionEnded)
    }

    private func isListening(_ session: LiveSession) -> Bool {
        state.withLock { $0.listeners[session.id] != nil }
    }

    // MARK: Menus (on `queue`)

    private func watch(_ session: LiveSession) {
        guard let model = session.snapshot else { return }
        let ranges = ImageWatchIndex.ranges(watchedBy: model)
        state.withLock { state in
            guard state.listeners[session.id] != nil else { return }
            state.index.watch(session.id, ranges)
        }
    }

    /// `catalogOnly`: the sessions themselves did not change, only images their menus show.
    private func markDirty(_ sessions: [LiveSession], catalogOnly: Bool = false) {
        guard !sessions.isEmpty else { return }
        let schedule = state.withLock { state -> Bool in
            for session in sessions where state.listeners[session.id] != nil {
                let full = !catalogOnly || state.dirty[session.id]?.full == true
                state.dirty[session.id] = (session, full)
            }
            guard !state.flushScheduled, !state.dirty.isEmpty else { return false }
            state.flushScheduled = true
            return true
        }
        if schedule { queue.async { [self] in flush() } }
    }

    /// Validates each dirty session's menu once and sends what changed. When only the
    /// catalog moved under a session still at the version and liveness its last menu was
    /// validated at, only the items whose validation read the catalog are validated again.
    private func flush() {
        let started = Self.threadCPUTime()
        let dirty = state.withLock { state in
            state.flushScheduled = false
            defer { state.dirty = [:] }
            return Array(state.dirty.values)
        }
        for (session, full) in dirty {
            let stamp = stamps.add(1, ordering: .relaxed).newValue
            guard let view = session.view else { continue }
            let basis = (version: view.version, live: view.remote.isLive)
            let menu: MenuState
            if !full, let known = session.events.menu, let was = known.basis, was == basis {
                menu = known.replacingCatalogReaders(with: menus.items(known.catalogReaders, of: view))
            } else {
                menu = MenuState(menus.entries(of: view), basis: basis)
            }
            let tag = menus.tag(of: view, explain: false)
            session.events.publishMenu(menu, stamp: stamp) { items in
                MenuDeltaBody(etag: tag.quoted, items: items).encoded()
            }
        }
        metrics.recordMenuFlush(seconds: Self.seconds(since: started), sessions: dirty.count)
    }

    /// CPU time of the calling thread, in seconds: what the fan-out costs, apart from the
    /// time it waited for a core on a busy machine.
    private static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func seconds(since start: Double) -> Double { threadCPUTime() - start }

    // MARK: Timers

    private func keepAlive() {
        let (listeners, finishing) = state.withLock { state in
            state.finishing.removeAll { $0.isOver }
            return (Array(state.listeners.values), state.finishing)
        }
        keepAlive(listeners, finishing: finishing)
    }

    private func pingWaiting() {
        let waiting = calls.waitingSessions()
        guard !waiting.isEmpty else { return }
        let sessions = state.withLock { state in waiting.compactMap { state.listeners[$0] } }
        keepAlive(sessions)
    }

    /// A keep-alive to every stream of `sessions`, each stalled one (and each stalled one of
    /// `finishing`) cut instead, counted and logged.
    private func keepAlive(_ sessions: [LiveSession], finishing: [HTTPStream] = []) {
        var cut = 0
        for session in sessions {
            let stalled = session.events.keepAlive(stallLimit: stallLimit)
            if stalled > 0 { logCut(stalled, session: session.id) }
            cut += stalled
        }
        let ended = finishing.filter { $0.cutIfStalled(after: stallLimit) }.count
        if ended > 0 { logCut(ended, session: nil) }
        cut += ended
        if cut > 0 { metrics.recordStalledStreams(cut) }
    }

    /// One line for the `streams` of a session just cut; `session` is `nil` for those of
    /// sessions that ended, which no session holds any more.
    private func logCut(_ streams: Int, session: String?) {
        log.log(.warning, "events.stalled", [
            (key: "session", value: session.map { .string($0) } ?? .null),
            (key: "streams", value: .number(Double(streams))),
            (key: "stallSeconds", value: .number(Double(stallLimit.components.seconds))),
        ])
    }
}
