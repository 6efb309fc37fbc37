import ChainModel
import ChainSupport
import Synchronization

/// One session's side of the event stream: its open streams (at most `maxStreams`), the
/// events it keeps for clients resuming with `Last-Event-ID`, and the menu its streams were
/// last told of, which the next `menu` event is the difference from.
///
/// Everything a stream is sent goes out under this object's lock, so every stream of a
/// session sees one order: a new stream's `hello` or replay, then whatever follows.
///
/// Event ids come from one process-wide sequence, so they ascend within each session (with
/// gaps) and an event sent to many sessions (`catalog`) is one id, one encoded frame, shared
/// by all of them.
package final class SessionEvents: Sendable {
    package static let maxStreams = 8
    /// Events kept for resuming: API.md asks for at least the last 1,000.
    package static let kept = 1000
    /// The last event id handed out, in any session.
    private static let ids = Atomic<UInt64>(0)

    package init() {}

    /// A new id, greater than every id handed out before.
    package static func nextID() -> UInt64 { ids.add(1, ordering: .relaxed).newValue }

    /// An event already numbered and framed, to go to many sessions.
    package struct Shared: Sendable {
        package let event: Event
        package let frame: [UInt8]

        package init(_ event: LiveEvent) {
            self.event = Event(id: SessionEvents.nextID(), event)
            frame = SessionEvents.frame(self.event)
        }
    }

    /// An event numbered for the streams.
    package struct Event: Sendable {
        package let id: UInt64
        package let event: LiveEvent

        package init(id: UInt64, _ event: LiveEvent) {
            self.id = id
            self.event = event
        }
    }

    /// A fresh stream's first event, made under the lock so nothing slips between it and
    /// the events that follow.
    package struct Hello {
        package let event: LiveEvent
        package let menu: MenuState
        /// When the menu was validated, so an older validation never replaces a newer one.
        package let stamp: UInt64
        /// Makes the `menu` event of a difference.
        package let delta: (MenuState.Delta) -> LiveEvent
        /// Each grid's working set as the `hello` shows it.
        package let views: [ViewEventBody]

        package init(
            event: LiveEvent, menu: MenuState, stamp: UInt64, views: [ViewEventBody] = [], delta: @escaping (MenuState.Delta) -> LiveEvent
        ) {
            self.event = event
            self.menu = menu
            self.stamp = stamp
            self.views = views
            self.delta = delta
        }
    }

    package enum Opening: Sendable, Equatable {
        /// The events after the client's last id were replayed; no `hello`.
        case resumed
        /// The stream began with a `hello`.
        case fresh
        case tooMany
        case ended
    }

    private struct State {
        /// The id of this session's newest event (0 before the first).
        var lastID: UInt64 = 0
        /// The newest id trimmed from `recent`: a client that saw it misses nothing kept.
        var trimmedThrough: UInt64 = 0
        var recent: [Event] = []
        var streams: [any EventSink] = []
        var menu: MenuState?
        var menuStamp: UInt64 = 0
        /// Each grid's working set (by window) as the streams were last told of it, and when.
        var views: [String: String] = [:]
        var viewStamp: UInt64 = 0
        var ended = false
    }

    private let state = Lock(State())
    private let elsewhere = Lock<(@Sendable () -> Bool)?>(nil)

    /// Streams open whose client can still hear: a stream cut (its client hung up, or
    /// stopped reading) no longer counts, even before its close reaches this object.
    package var streamCount: Int { state.withLock { $0.streams.count { !$0.isOver } } }

    /// Whether another instance sharing the storage has an open stream of this session
    /// (`CallRelay`): its remote handlers are live there, and calls reach them from here.
    /// Asked of the relay each time, so it is never older than what the relay last heard.
    package var isListenedElsewhere: Bool { elsewhere.withLock { $0 }?() ?? false }

    /// How `isListenedElsewhere` is answered from now on; set as the registry takes the
    /// session in. Until then, and without instances sharing storage: never.
    package func askElsewhere(_ lookup: @escaping @Sendable () -> Bool) {
        elsewhere.withLock { $0 = lookup }
    }

    /// Whether the session's remote handlers are live: a stream is open here or elsewhere.
    package var isListened: Bool { isListenedElsewhere || streamCount > 0 }

    /// The menu the streams were last told of.
    package var menu: MenuState? { state.withLock { $0.menu } }

    /// The ids of the events kept for resuming, oldest first.
    package var keptIDs: [UInt64] { state.withLock { $0.recent.map(\.id) } }

    /// Adds `stream`. With a `lastEventID` still held, it gets the events after it;
    /// otherwise (too old, unknown, or none) `hello` makes its first event. `hello` runs
    /// under the lock and must not touch this object; `nil` means the session is gone.
    package func open(_ stream: any EventSink, lastEventID: UInt64?, hello: () -> Hello?) -> Opening {
        state.withLock { state in
            guard !state.ended else { return .ended }
            // At the cap, streams whose client is gone count no more: libmicrohttpd let go of
            // them (whether or not their close actions, queued to another thread, have run),
            // they were cut, or their socket says the client hung up.
            if state.streams.count >= Self.maxStreams { state.streams.removeAll { $0.clientHasLeft() } }
            guard state.streams.count < Self.maxStreams else { return .tooMany }
            let newest = state.lastID
            if let last = lastEventID, last <= newest, last >= state.trimmedThrough {
                state.streams.append(stream)
                var missed: [UInt8] = []
                for event in state.recent where event.id > last { missed += Self.frame(event) }
                stream.sendOpening(missed)
                return .resumed
            }
            guard let hello = hello() else { return .ended }
            state.streams.append(stream)
            stream.sendOpening(Self.frame(Event(id: newest, hello.event)))
            Self.takeMenu(hello.menu, stamp: hello.stamp, encode: hello.delta, into: &state)
            if hello.stamp >= state.viewStamp {
                state.views = Dictionary(hello.views.map { ($0.window, $0.etag) }) { $1 }
                state.viewStamp = hello.stamp
            }
            return .fresh
        }
    }

    /// Removes a stream whose client left; returns how many remain that can still hear.
    @discardableResult
    package func close(_ stream: any EventSink) -> Int {
        state.withLock { state in
            state.streams.removeAll { $0 === stream }
            return state.streams.count { !$0.isOver }
        }
    }

    /// Sends `data` as the next event only if a stream can hear it: each stream's socket is
    /// asked first whether its client hung up (`EventSink.clientHasLeft`), and an event no
    /// stream takes is not kept (its id is skipped), so no client resuming later acts on it.
    /// Returns whether a stream took it, and runs `taken` first, under this object's lock, so
    /// that a stream's close (which takes the lock to count the stream out) is seen only
    /// after it. For `invoke`: a call nobody heard told nobody anything, and its command
    /// walks on.
    package func deliver(_ live: LiveEvent, taken: () -> Void = {}) -> Bool {
        state.withLock { state in
            guard !state.ended else { return false }
            let hearing = state.streams.filter { !$0.clientHasLeft() }
            guard !hearing.isEmpty else { return false }
            let event = Event(id: Self.nextID(), live)
            let frame = Self.frame(event)
            var took = false
            for stream in hearing where stream.send(frame) { took = true }
            // Kept for resuming only when a stream took it: a stream cut at its cap as it was
            // sent must not find it in the replay of a call that walked on (ids may skip).
            if took {
                Self.keep(event, into: &state)
                taken()
            }
            return took
        }
    }

    /// Numbers `data` as the next event, keeps it for resuming and sends it to every stream.
    package func publish(_ event: LiveEvent) {
        state.withLock { Self.publish(event, into: &$0) }
    }

    /// Keeps and sends an event numbered and framed once for many sessions. Should this
    /// session already hold a newer id (an event of its own numbered meanwhile), the event
    /// is numbered again for it, so its ids still ascend.
    package func publish(_ shared: Shared) {
        state.withLock { state in
            guard !state.ended else { return }
            guard shared.event.id > state.lastID else {
                return Self.publish(shared.event.event, into: &state)
            }
            Self.keep(shared.event, into: &state)
            for stream in state.streams { stream.send(shared.frame) }
        }
    }

    /// Makes `menu` the one the streams know, sending a `menu` event of the items that
    /// changed, unless a newer validation was taken already.
    package func publishMenu(_ menu: MenuState, stamp: UInt64, encode: (MenuState.Delta) -> LiveEvent) {
        state.withLock { Self.takeMenu(menu, stamp: stamp, encode: encode, into: &$0) }
    }

    /// Makes `views` the working sets the streams know, sending a `view` event for each grid
    /// whose set differs from the one they were last told of, unless a newer look was taken.
    package func publishViews(_ views: [ViewEventBody], stamp: UInt64) {
        state.withLock { state in
            guard stamp >= state.viewStamp else { return }
            state.viewStamp = stamp
            for view in views where state.views[view.window] != view.etag {
                state.views[view.window] = view.etag
                Self.publish(.view(view), into: &state)
            }
        }
    }

    /// A comment line to every stream: keeps proxies from timing the connection out and
    /// finds clients that left. With `stallLimit`, first cuts each stream whose client has
    /// taken none of the bytes waiting for it for that long (`EventSink.cutIfStalled`), and
    /// returns how many it cut.
    @discardableResult
    package func keepAlive(stallLimit: Duration? = nil) -> Int {
        state.withLock { state in
            var cut = 0
            for stream in state.streams {
                if let stallLimit, stream.cutIfStalled(after: stallLimit, now: .now) {
                    cut += 1
                    continue
                }
                stream.send(Self.keepAliveFrame)
            }
            return cut
        }
    }

    /// Sends `ended` with `reason` and closes every stream; none opens after. Returns the
    /// streams it finished, which may still be sending.
    @discardableResult
    package func end(reason: SessionEndReason) -> [any EventSink] {
        state.withLock { state in
            guard !state.ended else { return [] }
            state.ended = true
            let frame = Self.frame(Event(id: Self.nextID(), .ended(reason)))
            for stream in state.streams {
                stream.send(frame)
                stream.finish()
            }
            defer { state.streams = [] }
            state.recent = []
            return state.streams
        }
    }

    private static func takeMenu(
        _ menu: MenuState, stamp: UInt64, encode: (MenuState.Delta) -> LiveEvent, into state: inout State
    ) {
        guard stamp >= state.menuStamp else { return }
        let old = state.menu
        state.menu = menu
        state.menuStamp = stamp
        guard old != nil else { return }
        let delta = menu.delta(since: old)
        if !delta.isEmpty { publish(encode(delta), into: &state) }
    }

    private static func publish(_ live: LiveEvent, into state: inout State) {
        guard !state.ended else { return }
        let event = Event(id: nextID(), live)
        keep(event, into: &state)
        guard !state.streams.isEmpty else { return }
        let frame = frame(event)
        for stream in state.streams { stream.send(frame) }
    }

    private static func keep(_ event: Event, into state: inout State) {
        state.lastID = event.id
        state.recent.append(event)
        // Trimmed in steps, so appending stays cheap.
        if state.recent.count >= kept + kept / 8 {
            let trimmed = state.recent.count - kept
            state.trimmedThrough = state.recent[trimmed - 1].id
            state.recent.removeFirst(trimmed)
        }
    }

    package static let keepAliveFrame = Array(": keep-alive\n\n".utf8)

    /// `id: N`, `event: NAME`, one `data:` line (the JSON writer never writes a newline),
    /// and the blank line that ends an event. A `hello` carries the id of the newest event
    /// before it, so a client resuming from it misses nothing.
    package static func frame(_ event: Event) -> [UInt8] {
        var frame: [UInt8] = []
        let name = event.event.kind.rawValue
        frame.reserveCapacity(event.event.data.count + name.utf8.count + 40)
        frame += "id: \(event.id)\nevent: \(name)\ndata: ".utf8
        frame += event.event.data
        frame += "\n\n".utf8
        return frame
    }
}
