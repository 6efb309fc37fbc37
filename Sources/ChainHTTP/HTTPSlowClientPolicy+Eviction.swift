extension HTTPSlowClientPolicy {
    /// How readily a connection is closed to make room for a new one when the server, or the
    /// new connection's address, is at its limit: the smallest rank goes first.
    ///
    /// 1. A connection past its deadline (a head not complete in time, a body below the rate
    ///    after its grace period), which the next sweep would close anyway.
    /// 2. A connection waiting for a head: new, or idle between keep-alive requests. Closing
    ///    it loses no request the client has sent in full.
    /// 3. A body behind the minimum rate, though still in its grace period. With the rate off,
    ///    every body ranks here, since none can keep a rate that is not set.
    ///
    /// Never closed: a body keeping the rate from its first byte, or a connection whose
    /// request is complete. Within a step, a connection of the address holding the most
    /// connections goes first, so a client that reconnects fast to take the table makes room
    /// out of its own connections rather than other clients' idle or uploading ones; then the
    /// one that has waited longest.
    package struct EvictionRank: Comparable, Sendable {
        /// Why the connection may be closed, in the order above.
        package enum Reason: Int, Sendable {
            case overdue
            case awaitingHead
            case bodyBehindRate
        }

        package let reason: Reason
        /// Open connections from the same client address, this one included.
        package let addressConnections: Int
        package let since: UInt64

        package static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.reason.rawValue, rhs.addressConnections, lhs.since) < (rhs.reason.rawValue, lhs.addressConnections, rhs.since)
        }
    }

    /// The rank of a connection in `phase` since `since` (having received `bodyBytes` of body
    /// since then), whose address holds `addressConnections`, at `now`; nil if it must not be
    /// closed to make room.
    package func evictionRank(
        _ phase: HTTPConnectionEntry.Phase, since: UInt64, bodyBytes: Int, addressConnections: Int, now: UInt64
    ) -> EvictionRank? {
        let reason: EvictionRank.Reason
        if isOverdue(phase, since: since, bodyBytes: bodyBytes, now: now) {
            reason = .overdue
        } else {
            switch phase {
            case .awaitingHead:
                reason = .awaitingHead
            case .receivingBody:
                let elapsed = now > since ? now - since : 0
                guard minBodyBytesPerSecond == 0 || isBehindRate(bodyBytes, over: elapsed) else { return nil }
                reason = .bodyBehindRate
            case .busy, .cut:
                return nil
            }
        }
        return EvictionRank(reason: reason, addressConnections: addressConnections, since: since)
    }
}
