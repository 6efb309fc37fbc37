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
final class SessionEvents: Sendable {
    static let maxStreams = 8
    /// Events kept for resuming: API.md asks for at least the last 1,000.
    static let kept = 1000
    /// The last event id handed out, in any session.
    private static let ids = Atomic<UInt64>(0)

    /// A new id, greater than every id handed out before.
    static func nextID() -> UInt64 { ids.add(1, ordering: .relaxed).newValue }

    /// An event already numbered and framed, to go to many sessions.
    struct Shared: Sendable {
        let event: Event
        let frame: [UInt8]

        init(name: String, data: [UInt8]) {
            event = Event(id: SessionEvents.nextID(), name: name, data: data)
            frame = SessionEvents.frame(event)
        }
    }

    struct Event: Sendable {
        let id: UInt64
        let name: String
        let data: [UInt8]
    }

    /// A fresh stream's first event, made under the lock so nothing slips between it and
    /// the events that follow.
    struct Hello {
        let data: [UInt8]
        let menu: MenuState
        /// When the menu was validated, so an older validation never replaces a newer one.
        let stamp: UInt64
        /// Encodes a `menu` event of the given items.
        let delta: ([MenuState.Item]) -> [UInt8]
    }

    enum Opening: Sendable, Equatable {
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
        var streams: [HTTPStream] = []
        var menu: MenuState?
        var menuStamp: UInt64 = 0
        var ended = false
    }

    private let state = Mutex(State())
    private let elsewhere = Mutex<(@Sendable () -> Bool)?>(nil)

    /// Streams open whose client can still hear: a stream cut (its client hung up, or
    /// stopped reading) no longer counts, even before its close reaches this object.
    var streamCount: Int { state.withLock { $0.streams.count { !$0.isOver } } }

    /// Whether another instance sharing the storage has an open stream of this session
    /// (`CallRelay`): its remote handlers are live there, and calls reach them from here.
    /// Asked of the relay each time, so it is never older than what the relay last heard.
    var isListenedElsewhere: Bool { elsewhere.withLock { $0 }?() ?? false }

    /// How `isListenedElsewhere` is answered from now on; set as the registry takes the
    /// session in. Until then, and without instances sharing storage: never.
    func askElsewhere(_ lookup: @escaping @Sendable () -> Bool) {
        elsewhere.withLock { $0 = lookup }
    }

    /// Whether the session's remote handlers are live: a stream is open here or elsewhere.
    var isListened: Bool { isListenedElsewhere || streamCount > 0 }

    /// The menu the streams were last told of.
    var menu: MenuState? { state.withLock { $0.menu } }

    /// The ids of the events kept for resuming, oldest first.
    var keptIDs: [UInt64] { state.withLock { $0.recent.map(\.id) } }

    /// Adds `stream`. With a `lastEventID` still held, it gets the events after it;
    /// otherwise (too old, unknown, or none) `hello` makes its first event. `hello` runs
    /// under the lock and must not touch this object; `nil` means the session is gone.
    func open(_ stream: HTTPStream, lastEventID: UInt64?, hello: () -> Hello?) -> Opening {
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
            stream.sendOpening(Self.frame(Event(id: newest, name: "hello", data: hello.data)))
            Self.takeMenu(hello.menu, stamp: hello.stamp, encode: hello.delta, into: &state)
            return .fresh
        }
    }

    /// Removes a stream whose client left; returns how many remain that can still hear.
    @discardableResult
    func close(_ stream: HTTPStream) -> Int {
        state.withLock { state in
            state.streams.removeAll { $0 === stream }
            return state.streams.count { !$0.isOver }
        }
    }

    /// Sends `data` as the next event only if a stream can hear it: each stream's socket is
    /// asked first whether its client hung up (`HTTPStream.clientHasLeft`), and an event no
    /// stream takes is not kept (its id is skipped), so no client resuming later acts on it.
    /// Returns whether a stream took it, and runs `taken` first, under this object's lock, so
    /// that a stream's close (which takes the lock to count the stream out) is seen only
    /// after it. For `invoke`: a call nobody heard told nobody anything, and its command
    /// walks on.
    func deliver(_ name: String, _ data: [UInt8], taken: () -> Void = {}) -> Bool {
        state.withLock { state in
            guard !state.ended else { return false }
            let hearing = state.streams.filter { !$0.clientHasLeft() }
            guard !hearing.isEmpty else { return false }
            let event = Event(id: Self.nextID(), name: name, data: data)
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
    func publish(_ name: String, _ data: [UInt8]) {
        state.withLock { Self.publish(name, data, into: &$0) }
    }

    /// Keeps and sends an event numbered and framed once for many sessions. Should this
    /// session already hold a newer id (an event of its own numbered meanwhile), the event
    /// is numbered again for it, so its ids still ascend.
    func publish(_ shared: Shared) {
        state.withLock { state in
            guard !state.ended else { return }
            guard shared.event.id > state.lastID else {
                return Self.publish(shared.event.name, shared.event.data, into: &state)
            }
            Self.keep(shared.event, into: &state)
            for stream in state.streams { stream.send(shared.frame) }
        }
    }

    /// Makes `menu` the one the streams know, sending a `menu` event of the items that
    /// changed, unless a newer validation was taken already.
    func publishMenu(_ menu: MenuState, stamp: UInt64, encode: ([MenuState.Item]) -> [UInt8]) {
        state.withLock { Self.takeMenu(menu, stamp: stamp, encode: encode, into: &$0) }
    }

    /// A comment line to every stream: keeps proxies from timing the connection out and
    /// finds clients that left. With `stallLimit`, first cuts each stream whose client has
    /// taken none of the bytes waiting for it for that long (`HTTPStream.cutIfStalled`), and
    /// returns how many it cut.
    @discardableResult
    func keepAlive(stallLimit: Duration? = nil) -> Int {
        state.withLock { state in
            var cut = 0
            for stream in state.streams {
                if let stallLimit, stream.cutIfStalled(after: stallLimit) {
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
    func end(reason: String) -> [HTTPStream] {
        state.withLock { state in
            guard !state.ended else { return [] }
            state.ended = true
            let frame = Self.frame(Event(id: Self.nextID(), name: "ended", data: Array("{\"reason\":\"\(reason)\"}".utf8)))
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
        _ menu: MenuState, stamp: UInt64, encode: ([MenuState.Item]) -> [UInt8], into state: inout State
    ) {
        guard stamp >= state.menuStamp else { return }
        let old = state.menu
        state.menu = menu
        state.menuStamp = stamp
        guard old != nil else { return }
        let changed = menu.changes(since: old)
        if !changed.isEmpty { publish("menu", encode(changed), into: &state) }
    }

    private static func publish(_ name: String, _ data: [UInt8], into state: inout State) {
        guard !state.ended else { return }
        let event = Event(id: nextID(), name: name, data: data)
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

    static let keepAliveFrame = Array(": keep-alive\n\n".utf8)

    /// `id: N`, `event: NAME`, one `data:` line (the JSON writer never writes a newline),
    /// and the blank line that ends an event. A `hello` carries the id of the newest event
    /// before it, so a client resuming from it misses nothing.
    static func frame(_ event: Event) -> [UInt8] {
        var frame: [UInt8] = []
        frame.reserveCapacity(event.data.count + event.name.utf8.count + 40)
        frame += "id: \(event.id)\nevent: \(event.name)\ndata: ".utf8
        frame += event.data
        frame += "\n\n".utf8
        return frame
    }
}
