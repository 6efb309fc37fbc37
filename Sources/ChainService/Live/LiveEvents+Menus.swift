import ChainModel
import ChainStorage
import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// What feeds the streams, and the menus it makes stale: everything here that touches the
/// index or validates runs on `queue`, in the order it happened.
extension LiveEvents {
    /// After a command performed on `session`: its `command` event, then the session's menu.
    package func performed(_ outcome: CommandOutcome, on session: LiveSession, version: Int) {
        presence.update(session)
        guard isListening(session) else { return }
        queue.async { [self] in
            session.events.publish(.command(CommandAnswer(outcome: outcome, sessionID: session.id, version: version, explain: false, versionOnly: true, catalog: menus.catalog)))
            watch(session)
            markDirty([session])
        }
    }

    /// Another instance performed a command on `session`: its menu, as the session is now.
    package func changedElsewhere(_ session: LiveSession) {
        presence.update(session)
        guard isListening(session) else { return }
        queue.async { [self] in
            watch(session)
            markDirty([session])
        }
    }

    /// After a commit (on the writer's thread, in commit order): `catalog` to every listener,
    /// and a menu look at the listeners whose menus depend on the images it wrote.
    /// The images' values are read from `catalog` now, before the next commit lands.
    package func committed(_ changes: ChangeSet, version: UInt64, in catalog: CatalogMirror) {
        guard state.withLock({ !$0.listeners.isEmpty }) else { return }
        let ranges = ImageWatchIndex.ranges(of: changes)
        let images = catalog.committedImages(in: ranges, limit: Event.listLimit)
        let count = ranges.reduce(0) { $0 + $1.count }
        let written = changes.segments.reduce(UInt16(0)) { $0 | 1 << UInt16($1.attribute.slot) }
        queue.async { [self] in
            let started = Self.threadCPUTime()
            let touched = state.withLock { state in
                let watching = state.index.sessions(touching: ranges)
                let viewing = state.viewReads.lazy.filter { $0.value & written != 0 }.map(\.key)
                return Set(watching).union(viewing).compactMap { state.listeners[$0] }
            }
            markDirty(touched, catalogOnly: true)
            metrics.recordFanout(seconds: Self.seconds(since: started), sessions: touched.count)
            // Behind the menu pass markDirty queued: the sessions watching these images hear
            // of their menus first, then every listener of the commit.
            queue.async { [self] in
                let started = Self.threadCPUTime()
                let event = SessionEvents.Shared(.catalog(CatalogEventBody(catalogVersion: version, images: images, count: count)))
                let listeners = state.withLock { Array($0.listeners.values) }
                for session in listeners { session.events.publish(event) }
                metrics.recordBroadcast(seconds: Self.seconds(since: started), listeners: listeners.count)
            }
        }
    }

    /// After a handler was registered, changed or removed.
    package func handlersChanged(on session: LiveSession) {
        guard isListening(session) else { return }
        queue.async { [self] in markDirty([session]) }
    }

    func watch(_ session: LiveSession) {
        guard let model = session.snapshot else { return }
        let ranges = ImageWatchIndex.ranges(watchedBy: model)
        let reads = model.windows.lazy.compactMap(\.grid).reduce(UInt16(0)) { $0 | $1.view.readMask }
        state.withLock { state in
            guard state.listeners[session.id] != nil else { return }
            state.index.watch(session.id, ranges)
            state.viewReads[session.id] = reads == 0 ? nil : reads
        }
    }

    /// `catalogOnly`: the sessions themselves did not change, only images their menus show.
    func markDirty(_ sessions: [LiveSession], catalogOnly: Bool = false) {
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
                menu = menus.state(of: view)
            }
            let version = menus.version(of: view, explain: false)
            session.events.publishMenu(menu, stamp: stamp) { delta in
                .menu(MenuDeltaBody(etag: version.quoted, delta: delta))
            }
            session.events.publishViews(Self.views(of: view.model, in: menus.catalog), stamp: stamp)
        }
        metrics.recordMenuFlush(seconds: Self.seconds(since: started), sessions: dirty.count)
    }

    /// Each grid's working set: what `view` events compare.
    static func views(of session: Session, in catalog: CatalogMirror) -> [ViewEventBody] {
        session.windows.compactMap { window in
            window.grid.map { grid in
                let set = catalog.workingSet(of: grid, in: session)
                return ViewEventBody(window: window.id, total: set.count, etag: set.tag)
            }
        }
    }

    /// CPU time of the calling thread, in seconds: what the fan-out costs, apart from the
    /// time it waited for a core on a busy machine.
    static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func seconds(since start: Double) -> Double { threadCPUTime() - start }
}
