import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Keeps slow clients from starving complete ones. It knows every open connection (from
/// libmicrohttpd's connection notices) and:
///
/// - closes a connection that breaks `HTTPSlowClientPolicy` (a head not complete in time, a
///   body arriving too slowly), checked every `sweepInterval`;
/// - enforces the connection limits itself, in the accept policy: when the server, or the
///   new connection's address, is at its limit, the connection that has waited longest
///   without completing a request is closed to make room. Only when every connection is
///   busy with a complete request is the new one refused.
///
/// A connection is closed by `shutdown(2)` on its socket: libmicrohttpd then reads end of
/// file and closes it on its own thread. The socket stays open until libmicrohttpd's closed
/// notice returns (it closes it only after that), and the notice takes the same lock as a
/// cut, so a cut never reaches a descriptor number that has been reused.
final class HTTPConnectionWatch: Sendable {
    let policy: HTTPSlowClientPolicy
    let connectionLimit: Int
    let perAddressLimit: Int
    static let sweepInterval = Duration.milliseconds(250)

    private struct State {
        var entries: [ObjectIdentifier: HTTPConnectionEntry] = [:]
        /// Entries already cut and not yet closed: they no longer count against the limits.
        var cut: Set<ObjectIdentifier> = []
        var perAddress: [String: Int] = [:]
        var sweeping = false
        var cutCount = 0

        var live: Int { entries.count - cut.count }
    }

    private let state = Mutex(State())

    init(policy: HTTPSlowClientPolicy, connectionLimit: Int, perAddressLimit: Int) {
        self.policy = policy
        self.connectionLimit = connectionLimit
        self.perAddressLimit = perAddressLimit
    }

    /// Whether a connection from `address` may be accepted now, after cutting the oldest
    /// incomplete connection (of that address, or of all) if a limit is reached.
    func admit(address: String) -> Bool {
        state.withLock { state in
            if state.perAddress[address, default: 0] >= perAddressLimit {
                guard cutOldestIncomplete(in: &state, where: { $0.address == address }) else { return false }
            }
            if state.live >= connectionLimit {
                guard cutOldestIncomplete(in: &state, where: { _ in true }) else { return false }
            }
            return true
        }
    }

    /// Registers a connection libmicrohttpd just set up.
    func opened(descriptor: Int32, address: String) -> HTTPConnectionEntry {
        let entry = HTTPConnectionEntry(descriptor: descriptor, address: address)
        state.withLock { state in
            state.entries[ObjectIdentifier(entry)] = entry
            state.perAddress[address, default: 0] += 1
        }
        return entry
    }

    /// Forgets a connection libmicrohttpd is closing (before it closes the socket).
    func closed(_ entry: HTTPConnectionEntry) {
        state.withLock { state in
            let key = ObjectIdentifier(entry)
            guard state.entries.removeValue(forKey: key) != nil else { return }
            if state.cut.remove(key) == nil { release(entry.address, in: &state) }
        }
    }

    /// Cuts every connection that is out of time at `now`; returns how many.
    @discardableResult
    func sweep(now: UInt64 = HTTPConnectionEntry.now()) -> Int {
        state.withLock { state in
            var count = 0
            for (key, entry) in state.entries where !state.cut.contains(key) {
                let (phase, since, bytes) = entry.state
                if policy.isOverdue(phase, since: since, bodyBytes: bytes, now: now) {
                    cut(entry, in: &state)
                    count += 1
                }
            }
            return count
        }
    }

    /// Connections open now and not cut, and how many were cut since the start.
    var counts: (live: Int, cut: Int) {
        state.withLock { ($0.live, $0.cutCount) }
    }

    /// Sweeps every `sweepInterval` until `stopSweeping`.
    func startSweeping() {
        state.withLock { $0.sweeping = true }
        scheduleSweep()
    }

    func stopSweeping() {
        state.withLock { $0.sweeping = false }
    }

    private func scheduleSweep() {
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.sweepInterval.dispatchInterval) { [weak self] in
            guard let self, self.state.withLock({ $0.sweeping }) else { return }
            self.sweep()
            self.scheduleSweep()
        }
    }

    /// Cuts the connection matching `filter` that has waited longest without completing a
    /// request; `false` when every matching connection is busy.
    private func cutOldestIncomplete(in state: inout State, where filter: (HTTPConnectionEntry) -> Bool) -> Bool {
        var oldest: (entry: HTTPConnectionEntry, since: UInt64)?
        for (key, entry) in state.entries where !state.cut.contains(key) && filter(entry) {
            let (phase, since, _) = entry.state
            guard phase != .busy else { continue }
            if oldest == nil || since < oldest!.since { oldest = (entry, since) }
        }
        guard let oldest else { return false }
        cut(oldest.entry, in: &state)
        return true
    }

    private func cut(_ entry: HTTPConnectionEntry, in state: inout State) {
        guard state.cut.insert(ObjectIdentifier(entry)).inserted else { return }
        release(entry.address, in: &state)
        state.cutCount += 1
        _ = shutdown(entry.descriptor, Int32(SHUT_RDWR))
    }

    private func release(_ address: String, in state: inout State) {
        let remaining = state.perAddress[address, default: 1] - 1
        state.perAddress[address] = remaining > 0 ? remaining : nil
    }
}
