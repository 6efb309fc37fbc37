/// How large a request head the server reads, checked by the server itself so that every
/// head over them is answered as the API answers errors (problem+json), not with
/// libmicrohttpd's own bodiless page.
///
/// Chosen the way nginx's `large_client_header_buffers 4 8k` does: the request target may
/// take one 8 KiB buffer (over it, 414), and the header fields another 8 KiB (over it, 431),
/// with at most 100 fields (Apache's `LimitRequestFields`; over it, 431).
///
/// libmicrohttpd has a line of its own: the whole head, with a record of about 56 bytes per
/// field (0.9.75, 64-bit), must fit the connection's memory pool, and a head past that is
/// answered by libmicrohttpd (an HTML 414 or 431) before the server sees it. The pool must
/// therefore hold the largest head these limits allow: `memoryNeeded`, which the daemon
/// checks at start.
package struct HTTPHeadLimits: Sendable, Equatable {
    /// The raw request target (path and query, as sent): 414 past it.
    package var maxTargetBytes = 8 << 10
    /// The header fields, each counted as sent: name, `: `, value and CRLF. 431 past it.
    package var maxSectionBytes = 8 << 10
    /// How many header fields: 431 past it.
    package var maxFields = 100

    package init(maxTargetBytes: Int = 8 << 10, maxSectionBytes: Int = 8 << 10, maxFields: Int = 100) {
        self.maxTargetBytes = maxTargetBytes
        self.maxSectionBytes = maxSectionBytes
        self.maxFields = maxFields
    }

    /// What one field costs libmicrohttpd in its pool besides its bytes (a 56-byte record,
    /// with room to spare).
    package static let recordBytes = 64
    /// Room the pool keeps for the request line's method and version, and for building the
    /// answer's head after the request's.
    package static let reserveBytes = 1 << 10

    /// The connection memory the largest head within these limits needs.
    package var memoryNeeded: Int {
        maxTargetBytes + maxSectionBytes + maxFields * Self.recordBytes + Self.reserveBytes
    }
}
