internal import CMicroHTTPD

/// What a TCP socket's send side holds, from `TCP_INFO` and `SIOCOUTQ`: the bytes the peer
/// has acknowledged in all, and the bytes still queued unacknowledged.
package struct SocketSendState: Sendable, Equatable {
    package let acknowledged: UInt64
    package let queued: Int32

    /// The state of `descriptor` now, or nil when the kernel would not say.
    package init?(of descriptor: Int32) {
        var acknowledged: UInt64 = 0
        var queued: Int32 = 0
        guard descriptor >= 0, cmhd_socket_send_state(descriptor, &acknowledged, &queued) == 0 else { return nil }
        self.acknowledged = acknowledged
        self.queued = queued
    }
}
