import ChainSupport
import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps slow clients from starving complete ones. It knows every open connection (from
/// libmicrohttpd's connection notices) and:
///
/// - closes a connection that breaks `HTTPSlowClientPolicy` (a head not complete in time, a
///   body arriving too slowly), checked every `sweepInterval`;
/// - enforces the connection limits itself, in the accept policy: while the server, or the
///   new connection's address, is at its limit, it closes the connection the policy's
///   `EvictionRank` puts first (of that address, or of all) to make room. Only when none may
///   be closed (all busy with complete requests, or bodies keeping the rate) is the new one
///   refused.
///
/// A connection is closed by `shutdown(2)` on its socket: libmicrohttpd then reads end of
/// file and closes it on its own thread. The socket stays open until libmicrohttpd's closed
/// notice returns (it closes it only after that), and the notice takes the same lock as a
/// cut, so a cut never reaches a descriptor number that has been reused.
package final class HTTPConnectionWatch: Sendable {
    package let policy: HTTPSlowClientPolicy
    package let connectionLimit: Int
    package let perAddressLimit: Int
    package static let sweepInterval = Duration.milliseconds(250)

    /// One address's open connections that are not cut.
    private typealias Group = [ObjectIdentifier: HTTPConnectionEntry]

    private struct State {
        /// Open connections not cut, by client address: a cut entry leaves at once, so that it
        /// no longer counts against the limits while libmicrohttpd closes it.
        var byAddress: [HTTPClientAddress: Group] = [:]
        var live = 0
        var cutCount = 0
        var sweeping = false
    }

    private let state = Lock(State())

    package init(policy: HTTPSlowClientPolicy, connectionLimit: Int, perAddressLimit: Int) {
        self.policy = policy
        self.connectionLimit = connectionLimit
        self.perAddressLimit = perAddressLimit
    }

    /// Whether a connection from `address` may be accepted now, after cutting as many
    /// connections as it takes to bring its address, then the server, below their limits.
    /// The address's count and choice look at its own connections only.
    package func admit(address: HTTPClientAddress, now: UInt64 = HTTPConnectionEntry.now()) -> Bool {
        state.withLock { state in
            while state.byAddress[address, default: [:]].count >= perAddressLimit {
                guard let first = firstToCut(among: CollectionOfOne(state.byAddress[address, default: [:]]), now: now)
                else { return false }
                cut(first.entry, ifStill: first.seen, in: &state)
            }
            while state.live >= connectionLimit {
                guard let first = firstToCut(among: state.byAddress.values, now: now) else { return false }
                cut(first.entry, ifStill: first.seen, in: &state)
            }
            return true
        }
    }

    /// Registers a connection libmicrohttpd just set up.
    package func opened(descriptor: Int32, address: HTTPClientAddress) -> HTTPConnectionEntry {
        let entry = HTTPConnectionEntry(descriptor: descriptor, address: address)
        state.withLock { state in
            state.byAddress[address, default: [:]][ObjectIdentifier(entry)] = entry
            state.live += 1
        }
        return entry
    }

    /// Forgets a connection libmicrohttpd is closing (before it closes the socket).
    package func closed(_ entry: HTTPConnectionEntry) {
        state.withLock { Self.remove(entry, from: &$0) }
    }

    /// Cuts every connection that is out of time at `now`; returns how many.
    @discardableResult
    package func sweep(now: UInt64 = HTTPConnectionEntry.now()) -> Int {
        state.withLock { state in
            var overdue: [(HTTPConnectionEntry, HTTPConnectionEntry.Snapshot)] = []
            for group in state.byAddress.values {
                for entry in group.values {
                    let seen = entry.snapshot
                    if policy.isOverdue(seen.phase, since: seen.since, bodyBytes: seen.bodyBytes, now: now) {
                        overdue.append((entry, seen))
                    }
                }
            }
            var count = 0
            for (entry, seen) in overdue {
                if cut(entry, ifStill: seen, in: &state) { count += 1 }
            }
            return count
        }
    }

    /// Connections open now and not cut, how many of them are busy with a complete request,
    /// and how many were cut since the start.
    package var counts: (live: Int, busy: Int, cut: Int) {
        state.withLock { state in
            let busy = state.byAddress.values.reduce(0) { sum, group in
                sum + group.values.count { $0.snapshot.phase == .busy }
            }
            return (state.live, busy, state.cutCount)
        }
    }

    /// Sweeps every `sweepInterval` until `stopSweeping`.
    package func startSweeping() {
        state.withLock { $0.sweeping = true }
        scheduleSweep()
    }

    package func stopSweeping() {
        state.withLock { $0.sweeping = false }
    }

    private func scheduleSweep() {
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.sweepInterval.dispatchInterval) { [weak self] in
            guard let self, self.state.withLock({ $0.sweeping }) else { return }
            self.sweep()
            self.scheduleSweep()
        }
    }

    /// The connection of `groups` that ranks first to be closed, as it was seen; nil when none
    /// may be. Should it move on before the cut, the cut fails and the caller looks again.
    private func firstToCut(
        among groups: some Sequence<Group>, now: UInt64
    ) -> (entry: HTTPConnectionEntry, seen: HTTPConnectionEntry.Snapshot)? {
        var first: (rank: HTTPSlowClientPolicy.EvictionRank, entry: HTTPConnectionEntry, seen: HTTPConnectionEntry.Snapshot)?
        for group in groups {
            for entry in group.values {
                let seen = entry.snapshot
                guard let rank = policy.evictionRank(
                    seen.phase, since: seen.since, bodyBytes: seen.bodyBytes, addressConnections: group.count, now: now)
                else { continue }
                if first.map({ rank < $0.rank }) ?? true { first = (rank, entry, seen) }
            }
        }
        return first.map { ($0.entry, $0.seen) }
    }

    /// Shuts `entry`'s socket down if it is still as `seen`; whether it did.
    @discardableResult
    private func cut(_ entry: HTTPConnectionEntry, ifStill seen: HTTPConnectionEntry.Snapshot, in state: inout State) -> Bool {
        guard entry.cut(ifStill: seen) else { return false }
        Self.remove(entry, from: &state)
        state.cutCount += 1
        _ = shutdown(entry.descriptor, Int32(SHUT_RDWR))
        return true
    }

    private static func remove(_ entry: HTTPConnectionEntry, from state: inout State) {
        let key = ObjectIdentifier(entry)
        guard state.byAddress[entry.address]?.removeValue(forKey: key) != nil else { return }
        if state.byAddress[entry.address]?.isEmpty == true { state.byAddress[entry.address] = nil }
        state.live -= 1
    }
}
