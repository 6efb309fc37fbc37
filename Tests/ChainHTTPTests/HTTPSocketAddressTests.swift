import ChainHTTP
import Testing

/// Which hosts the server can bind.
@Suite("HTTPSocketAddress")
struct HTTPSocketAddressTests {
    @Test(arguments: [
        ("127.0.0.1", "127.0.0.1", false),
        ("0.0.0.0", "0.0.0.0", false),
        ("localhost", "127.0.0.1", false),
        ("::1", "::1", true),
        ("[::1]", "::1", true),
        ("::", "::", true),
        ("fe80::1:2", "fe80::1:2", true),
    ])
    func parsesIPLiterals(host: String, text: String, isIPv6: Bool) throws {
        let address = try #require(HTTPSocketAddress(host: host, port: 8080))

        #expect(address.withSockaddrPointer { HTTPClientAddress(copying: $0) }.text == text)
        #expect(address.isIPv6 == isIPv6)
    }

    @Test(arguments: ["", "example.com", "1.2.3", "256.0.0.1", "127.0.0.1:80", "[::1", "::g"])
    func rejectsEverythingElse(host: String) {
        #expect(HTTPSocketAddress(host: host, port: 80) == nil)
    }
}
