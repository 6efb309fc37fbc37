/// Which client a request comes from when a reverse proxy stands in front: the addresses of
/// proxies trusted to say so (`http.trustedProxies`), and how their `X-Forwarded-For` is read.
///
/// A request from a trusted proxy comes from the rightmost `X-Forwarded-For` entry that is
/// not itself a trusted proxy (each proxy appends the address it was reached from, so the
/// entries left of the first untrusted one are whatever the client chose to send). One that
/// is not an IP address, or a header that names only trusted proxies or none, leaves the
/// request coming from the proxy. A request from any other address comes from that address,
/// whatever it sends. The connection limits always count the proxy's own address: they act
/// before any header is read.
package struct HTTPForwarding: Sendable, Equatable {
    private let trusted: Set<HTTPClientAddress>

    /// `proxies` are IP addresses as text; ones that are not are left out (the configuration
    /// checks them first).
    package init(trusting proxies: [String] = []) {
        trusted = Set(proxies.compactMap(HTTPClientAddress.init(text:)))
    }

    /// Whether any proxy is trusted: when none is, requests need no header looked up.
    package var isActive: Bool { !trusted.isEmpty }

    /// Whether `peer` is a trusted proxy, whose `X-Forwarded-User` names the principal in
    /// `auth.mode` `proxy`.
    package func trusts(_ peer: HTTPClientAddress) -> Bool { trusted.contains(peer) }

    /// The client's address as text, for a request from `peer` carrying `forwardedFor`.
    package func client(peer: HTTPClientAddress, peerText: String, forwardedFor: String?) -> String {
        guard trusted.contains(peer), let forwardedFor else { return peerText }
        // Split on the comma's byte, not on characters: a client's entry ending in a
        // combining character must not swallow the comma after it.
        for entry in forwardedFor.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).reversed() {
            let text = entry[HTTPWhitespace.trimmed(entry)]
            guard let address = HTTPClientAddress(text: String(decoding: text, as: UTF8.self)) else { return peerText }
            if !trusted.contains(address) { return address.text }
        }
        return peerText
    }
}
