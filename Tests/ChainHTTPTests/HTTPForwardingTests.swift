import ChainHTTP
import Testing

/// `HTTPForwarding`: whose address a request carries when a proxy stands in front.
@Suite("HTTP forwarding")
struct HTTPForwardingTests {
    static let proxy = HTTPClientAddress(text: "127.0.0.1")!
    static let stranger = HTTPClientAddress(text: "192.0.2.9")!
    static let forwarding = HTTPForwarding(trusting: ["127.0.0.1", "10.0.0.2", "::1"])

    static func client(_ peer: HTTPClientAddress, _ forwardedFor: String?) -> String {
        forwarding.client(peer: peer, peerText: peer.text, forwardedFor: forwardedFor)
    }

    @Test func aTrustedProxyNamesTheClient() {
        #expect(Self.client(Self.proxy, "203.0.113.7") == "203.0.113.7")
        // Proxies in a chain each add the address they were reached from.
        #expect(Self.client(Self.proxy, "203.0.113.7, 10.0.0.2") == "203.0.113.7")
        #expect(Self.client(Self.proxy, " 203.0.113.7 ,\t10.0.0.2 ") == "203.0.113.7")
        // Written the way the address is written everywhere else.
        #expect(Self.client(Self.proxy, "2001:DB8:0::1") == "2001:db8::1")
    }

    @Test func whatTheClientPutsLeftOfItsOwnAddressIsNotBelieved() {
        #expect(Self.client(Self.proxy, "198.51.100.1, 203.0.113.7") == "203.0.113.7")
        #expect(Self.client(Self.proxy, "not-an-address, 203.0.113.7") == "203.0.113.7")
        // Read by bytes: an entry ending in a combining mark does not swallow the comma.
        #expect(Self.client(Self.proxy, "203.0.113.7\u{0600}, 198.51.100.4") == "198.51.100.4")
    }

    @Test func anythingElseLeavesThePeer() {
        // Not from a trusted proxy: its header is the client's own word.
        #expect(Self.client(Self.stranger, "203.0.113.7") == "192.0.2.9")
        // From a proxy, but without a usable client address.
        #expect(Self.client(Self.proxy, nil) == "127.0.0.1")
        #expect(Self.client(Self.proxy, "") == "127.0.0.1")
        #expect(Self.client(Self.proxy, "203.0.113.7:4000") == "127.0.0.1")
        #expect(Self.client(Self.proxy, "unknown") == "127.0.0.1")
        #expect(Self.client(Self.proxy, "10.0.0.2, ::1") == "127.0.0.1")
        #expect(!HTTPForwarding().isActive)
        #expect(HTTPForwarding().client(peer: Self.proxy, peerText: "127.0.0.1", forwardedFor: "203.0.113.7") == "127.0.0.1")
    }
}
